/** Vite's `?url` import of pdf.js's worker: the address of the hashed asset it emits (app build). */
declare module 'pdfjs-dist/build/pdf.worker.min.mjs?url' {
  const url: string;
  export default url;
}
