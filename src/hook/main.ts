// The hook's entry, a bundle of its own (scripts/build.mjs): the launcher runs it straight for
// `compile-investigation hook [--spec PATH] [--state-dir DIR]`, without the command line's program,
// so that a decision before a tool call costs little more than starting Node; any other use of
// the command (--help, another option) goes through the command line, whose table declares it.
import { readSync, writeSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { HookAnswer } from './answer.js';
import { answerHook, failure } from './answer-hook.js';
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

function tooLargeAnswer(): HookAnswer {
  return {
    stdout: '',
    stderr: `compile-investigation hook: the payload is larger than ${MAX_PAYLOAD_BYTES} bytes; let through unread\n`,
    exitCode: 0,
  };
}

/** The payload on `stdin` answered; a payload past the bound is not read whole and answers as a failure would. */
export async function answerStream(
  stdin: Readable,
  flags: HookFlags,
  env: Record<string, string | undefined>,
  already: readonly Buffer[] = [],
): Promise<HookAnswer> {
  const chunks: Buffer[] = [...already];
  let size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > MAX_PAYLOAD_BYTES) {
      stdin.destroy();
      return tooLargeAnswer();
    }
    chunks.push(bytes);
  }
  return answerHook(Buffer.concat(chunks).toString('utf8'), flags, env);
}

/**
 * The payload read from file descriptor 0 with blocking reads; when the descriptor does not block
 * (EAGAIN: a pipe the caller made non-blocking), what was read so far, for the stream to read the
 * rest. Reading the descriptor itself spares the process the stream and socket modules
 * `process.stdin` loads, a fifth of a decision's cost; `tooLarge` is the payload's bound passed.
 */
function readPayloadSync(): { text: string } | { tooLarge: true } | { readSoFar: Buffer[] } {
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    let read: number;
    try {
      read = readSync(0, chunk, 0, chunk.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') return { readSoFar: chunks };
      if (code === 'EOF') break;
      throw error;
    }
    if (read === 0) break;
    size += read;
    if (size > MAX_PAYLOAD_BYTES) return { tooLarge: true };
    chunks.push(chunk.subarray(0, read));
  }
  return { text: Buffer.concat(chunks).toString('utf8') };
}

/** The payload on descriptor 0 answered; standard input that cannot be read is a failure of the hook's own. */
async function answerDescriptor(flags: HookFlags, env: Record<string, string | undefined>): Promise<HookAnswer> {
  let payload: ReturnType<typeof readPayloadSync>;
  try {
    payload = readPayloadSync();
  } catch (error) {
    return failure(`standard input cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, undefined, env);
  }
  if ('readSoFar' in payload) return answerStream(process.stdin, flags, env, payload.readSoFar);
  return 'tooLarge' in payload ? tooLargeAnswer() : answerHook(payload.text, flags, env);
}

/** The process entry: the answer written, the exit code set. */
export async function main(flags: HookFlags): Promise<void> {
  const answer = await answerDescriptor(flags, process.env);
  writeAnswer(2, answer.stderr);
  writeAnswer(1, answer.stdout);
  process.exitCode = answer.exitCode;
}

/** One stream of the answer written; an agent that closed its end (EPIPE) gets nothing, and the hook no stack trace. */
function writeAnswer(descriptor: number, text: string): void {
  if (text === '') return;
  try {
    writeSync(descriptor, text);
  } catch {
    // Nobody reads the answer: the agent goes on as if the hook had said nothing.
  }
}
