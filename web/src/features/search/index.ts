/**
 * Search: the dialog host and the command that opens it.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here: their
 * importers load them with import() so that they stay out of the importer's chunk.
 */
export { SearchDialogHost } from './components/search-dialog-host';
export { openSearchDialog } from './hooks/use-search-dialog';
