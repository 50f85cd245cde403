import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every file that declares tables: identity's (auth/schema.ts) and each feature's own
 * `features/<f>/schema.ts`. drizzle-kit reads exactly these (drizzle.config.ts), so a new
 * feature's tables reach the migrations by existing, without a central list to edit.
 */
export function schemaFiles(): string[] {
  const featuresDir = path.join(srcDir, 'features');
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(featuresDir, entry.name, 'schema.ts'))
    .filter((file) => {
      try {
        return readdirSync(path.dirname(file)).includes('schema.ts');
      } catch {
        return false;
      }
    });
  // The import's mapping table (import/schema.ts) sits with the import, outside the features.
  return [
    path.join(srcDir, 'auth', 'schema.ts'),
    ...features.sort(),
    path.join(srcDir, 'import', 'schema.ts'),
  ];
}
