import path from 'node:path';
import { defineConfig } from 'drizzle-kit';
import { schemaFiles } from './server/src/db/schema-files';

export default defineConfig({
  dialect: 'postgresql',
  // Each feature owns its tables in features/<f>/schema.ts (docs/architecture.md).
  schema: schemaFiles().map((file) => `./${path.relative(process.cwd(), file)}`),
  out: './server/src/db/migrations',
});
