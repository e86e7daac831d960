/** Vite's `?inline` imports a stylesheet as its text (the widget applies it inside its shadow root). */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
