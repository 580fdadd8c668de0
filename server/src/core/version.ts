import serverPackage from '../../package.json' with { type: 'json' };

/** The console's version, as released (shown on the "Consoles" panel, kept in its node row). */
export const CONSOLE_VERSION: string = serverPackage.version;
