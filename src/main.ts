import { ConfigError } from './config.ts';
import { DataDirLockedError } from './lib/datadir-lock.ts';
import { startServer } from './server.ts';

try {
  const server = await startServer(process.env);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
