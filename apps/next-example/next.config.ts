import type { NextConfig } from 'next';

/**
 * Nothing toolstream-specific: the packages work with Next's defaults, under Turbopack
 * (`next build`) and webpack (`next build --webpack`).
 */
const config: NextConfig = {
  reactStrictMode: true,
};

export default config;
