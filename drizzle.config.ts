import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new numbered SQL migration into migrations/ from the tables
// declared in src/modules/*/*.tables.ts. Migrations are applied at start, on PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
});
