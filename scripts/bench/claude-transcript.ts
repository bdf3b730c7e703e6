// A generated Claude Code transcript for the trace bench: realistic lines repeated with fresh ids,
// a Glob and its filenames, a Read and the file's text in its result, a shell listing, usage on
// every assistant line.

/** About `size` bytes of transcript lines, each round of calls with fresh ids and times. */
export function claudeTranscript(size: number): string {
  const lines: string[] = [];
  let length = 0;
  const fileText = 'export function total(rows) {\n  return rows.reduce((sum, row) => sum + row.amount, 0);\n}\n'.repeat(25);
  for (let round = 0; length < size; round++) {
    const time = new Date(Date.UTC(2026, 2, 2, 10) + round * 1000).toISOString();
    const base = { isSidechain: round % 7 === 0, sessionId: 's', timestamp: time, cwd: '/work/repo', version: '2.1.59' };
    const names = Array.from({ length: 20 }, (_, index) => `/work/repo/src/module-${round % 50}/file-${index}.ts`);
    const round_lines = [
      {
        ...base,
        type: 'assistant',
        message: {
          id: `m-${round}-a`,
          content: [{ type: 'tool_use', id: `g-${round}`, name: 'Glob', input: { pattern: 'src/**/*.ts' } }],
          usage: { input_tokens: 900, output_tokens: 30 },
        },
      },
      {
        ...base,
        type: 'user',
        message: { content: [{ type: 'tool_result', tool_use_id: `g-${round}`, content: names.join('\n') }] },
        toolUseResult: { filenames: names, numFiles: names.length },
      },
      {
        ...base,
        type: 'assistant',
        message: {
          id: `m-${round}-b`,
          content: [{ type: 'tool_use', id: `r-${round}`, name: 'Read', input: { file_path: names[round % 20] } }],
          usage: { input_tokens: 1200, output_tokens: 40 },
        },
      },
      {
        ...base,
        type: 'user',
        message: { content: [{ type: 'tool_result', tool_use_id: `r-${round}`, content: fileText }] },
        toolUseResult: { type: 'text', file: { filePath: names[round % 20], content: fileText, numLines: 75, totalLines: 75 } },
      },
      {
        ...base,
        type: 'assistant',
        message: {
          id: `m-${round}-c`,
          content: [{ type: 'tool_use', id: `b-${round}`, name: 'Bash', input: { command: `ls src/module-${round % 50}` } }],
          usage: { input_tokens: 1500, output_tokens: 12 },
        },
      },
      {
        ...base,
        type: 'user',
        message: { content: [{ type: 'tool_result', tool_use_id: `b-${round}`, content: 'ok' }] },
        toolUseResult: { stdout: names.map((name) => name.slice(name.lastIndexOf('/') + 1)).join('\n'), stderr: '' },
      },
    ];
    for (const line of round_lines) {
      const text = `${JSON.stringify(line)}\n`;
      lines.push(text);
      length += text.length;
    }
  }
  return lines.join('');
}
