import type { ArtifactCheckMeta } from '../rule.js';

export const briefChain: ArtifactCheckMeta = {
  id: 'brief-chain',
  criterion: 'briefs',
  description:
    'Brief artifacts form one chain per hypothesis: sequences without gaps, every parent present with a matching SHA-256, no fork.',
  rationale:
    'A working brief is rewritten after each step; its history is only trustworthy if every version points at the exact bytes of the one before it.',
  fix: 'Restore the missing or altered artifact, or renumber the chain; keep one child per parent.',
  command: 'briefs',
};
