// The part of @socialgouv/jours-feries (plain JavaScript) the holidays use: each French public
// holiday of `year`, by name, as a Date at local midnight of the process's zone.
declare module '@socialgouv/jours-feries' {
  export default function joursFeries(
    year: number,
    options?: { alsace?: boolean },
  ): Record<string, Date>;
}
