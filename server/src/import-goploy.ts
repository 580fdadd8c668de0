import { runImportCommand } from './features/goploy-import/goploy-import.module.js';

/** `npm run import:goploy -- --from mysql://…`: see `--help` and the README's "Coming from goploy". */
runImportCommand(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('The import failed:', err);
    process.exit(1);
  },
);
