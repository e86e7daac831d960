import '@toolstream/ui/styles.css';
import './example.css';
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';

export const metadata: Metadata = {
  title: 'toolstream on Next.js',
  description: 'A chat that shows an agent’s tool calls as they stream, in the App Router.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <nav className="example-nav" aria-label="Examples">
          <Link href="/">Home</Link>
          <Link href="/hook">useToolCallStream</Link>
          <Link href="/chat">&lt;Chat&gt;</Link>
        </nav>
        <main className="example-main">{children}</main>
      </body>
    </html>
  );
}
