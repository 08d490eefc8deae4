/** Vite turns `*.css?inline` imports into the stylesheet's text (adopted into the shadow root). */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
