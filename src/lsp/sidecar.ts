// The stage a document's fixture sidecar (NAME.expect.json, .expect.yaml or .expect.yml) asks
// for, read as `test` reads it: a regular file inside the workspace folders, of bounded size, not
// through a link out. A document outside the folders has its sidecar left unread.
import { type Expectation, ExpectationError, readExpectation } from '../regression/index.js';
import type { Workspace } from './workspace.js';

/** What a document's sidecar says of its stage, and why it could not be read, when it could not. */
export interface SidecarStage {
  draft: boolean;
  /** The sidecar's problem, naming it (relative to the first workspace folder): said in the client's log. */
  problem?: string;
}

/** The stage the sidecar of the spec file `file` (absolute) asks for: draft only when it says `"stage": "draft"`. */
export function sidecarStage(file: string, workspace: Workspace): SidecarStage {
  const { roots } = workspace;
  if (roots === null || roots.inside(file) === null) return { draft: false };
  let expectation: Expectation | undefined;
  try {
    expectation = readExpectation(file, workspace.io.cwd, roots.bound)?.expectation;
  } catch (error) {
    if (error instanceof ExpectationError) return { draft: false, problem: error.message };
    throw error;
  }
  return { draft: expectation?.stage === 'draft' };
}
