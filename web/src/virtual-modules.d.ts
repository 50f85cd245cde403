/** Sections of a catalogue, sliced at build time (web/catalogue-slice.ts). */
declare module 'virtual:catalogue/*' {
  const sections: Record<string, unknown>;
  export default sections;
}
