// regenerator-runtime ships no types: its default export is the runtime object fontkit calls.
declare module 'regenerator-runtime' {
  const runtime: object
  export default runtime
}
