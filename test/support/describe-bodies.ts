import ts from 'typescript';

/** The calls that run the CLI, or any other program: what a test runs, never a describe body. */
const RUNS = new Set([
  'exec',
  'execFile',
  'execFileSync',
  'execSync',
  'runBuiltInProcess',
  'runCli',
  'runCliAsync',
  'runHermetic',
  'runInProcess',
  'runWellBehaved',
  'spawn',
  'spawnSync',
]);

/** `describe(...)`, `describe.skipIf(...)(...)`, `describe.each(...)(...)` and the like. */
function isDescribe(call: ts.CallExpression): boolean {
  let callee: ts.Expression = call.expression;
  while (ts.isCallExpression(callee) || ts.isPropertyAccessExpression(callee)) {
    callee = ts.isCallExpression(callee) ? callee.expression : callee.expression;
  }
  return ts.isIdentifier(callee) && callee.text === 'describe';
}

function calledName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/**
 * The runs a test file makes in the body of a describe block, as `line: name`: vitest runs those
 * bodies to collect the tests, so such a run happens even when every test of the block is
 * filtered out or skipped. A function defined in the body runs only when called, from a test or a
 * hook, and is not searched.
 */
export function runsInDescribeBodies(fileName: string, text: string): string[] {
  // Most files name none of the calls: they need no parse.
  if (![...RUNS].some((name) => text.includes(`${name}(`))) return [];
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const inBody = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isCallExpression(node)) {
      const name = calledName(node);
      if (name !== undefined && RUNS.has(name)) {
        found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${name}`);
      }
    }
    ts.forEachChild(node, inBody);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isDescribe(node)) {
      const body = node.arguments.find((argument) => ts.isArrowFunction(argument) || ts.isFunctionExpression(argument));
      if (body !== undefined) ts.forEachChild((body as ts.ArrowFunction | ts.FunctionExpression).body, inBody);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
