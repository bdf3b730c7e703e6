import { dialects } from '../../dialects/index.js';
import { wordList } from '../../dialects/kinds.js';
import type { LspCommandOptions } from '../lsp.js';
import { maxBytesOption } from '../options.js';
import { defineCommand } from './declaration.js';

export const lsp = defineCommand({
  name: 'lsp',
  description: `serve a language server to an editor over standard input and output: diagnostics as you type for ${wordList(
    dialects.map((dialect) => dialect.shortName.plural),
    'and',
  )}, hover, completion, and quick fixes that share --fix`,
  options: [
    { flags: '--stdio', description: 'speak the protocol on standard input and output (the only transport; editors pass it)' },
    maxBytesOption('largest document judged, in bytes'),
  ],
  synopsis: 'compile-investigation lsp [--stdio] [--max-bytes N]',
  parse: (_args, options): LspCommandOptions => ({ maxBytes: options['maxBytes'] as number }),
  run: async (options, io) => (await import('../lsp.js')).lspCommand(options, io),
});
