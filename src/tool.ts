import packageJson from '../package.json' with { type: 'json' };

export const toolInfo = { name: packageJson.name, version: packageJson.version } as const;
