// The hook's entry, a bundle of its own (scripts/build.mjs): the launcher runs it straight for
// `compile-investigation hook [--spec PATH] [--state-dir DIR]`, without the command line's program,
// so that a decision before a tool call costs little more than starting Node; any other use of
// the command (--help, another option) goes through the command line, whose table declares it.
import type { Readable } from 'node:stream';
import type { HookAnswer } from './answer.js';
import { answerHook } from './answer-hook.js';
import type { HookFlags } from './settings.js';

/** The largest payload read: a tool's whole response rides in it (a long listing, a file read). Past it, the call is let through unread. */
export const MAX_PAYLOAD_BYTES = 32 * 1024 * 1024;

/** The flags after `hook`, or null when they are not only --spec and --state-dir with a value each (the command line then answers). */
export function hookFlagsOf(args: readonly string[]): HookFlags | null {
  const flags: HookFlags = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const key = name === '--spec' ? 'spec' : name === '--state-dir' ? 'stateDir' : undefined;
    const value = inline ?? args[++index];
    if (key === undefined || value === undefined || value === '' || flags[key] !== undefined) return null;
    flags[key] = value;
  }
  return flags;
}

/** The payload on `stdin` answered; a payload past the bound is not read whole and answers as a failure would. */
export async function answerStream(stdin: Readable, flags: HookFlags, env: Record<string, string | undefined>): Promise<HookAnswer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > MAX_PAYLOAD_BYTES) {
      stdin.destroy();
      return {
        stdout: '',
        stderr: `compile-investigation hook: the payload is larger than ${MAX_PAYLOAD_BYTES} bytes; let through unread\n`,
        exitCode: 0,
      };
    }
    chunks.push(bytes);
  }
  return answerHook(Buffer.concat(chunks).toString('utf8'), flags, env);
}

/** The process entry: the answer written, the exit code set. */
export async function main(flags: HookFlags): Promise<void> {
  const answer = await answerStream(process.stdin, flags, process.env);
  if (answer.stderr !== '') process.stderr.write(answer.stderr);
  if (answer.stdout !== '') process.stdout.write(answer.stdout);
  process.exitCode = answer.exitCode;
}
