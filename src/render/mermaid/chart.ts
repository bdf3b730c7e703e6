import { quoted } from './escape.js';

export type ClassName =
  | 'confirms'
  | 'invalidates'
  | 'neutral'
  | 'otherEffect'
  | 'replan'
  | 'stop'
  | 'forage'
  | 'focus'
  | 'deepen'
  | 'discovery';
export type NodeKind = ClassName | 'map' | 'hypothesis';

/** Class definitions, in the order they are written. Colours stay readable in light and dark themes. */
const CLASS_DEFS: ReadonlyArray<readonly [ClassName, string]> = [
  ['confirms', 'fill:#d3f0d8,stroke:#2e7d32,color:#123d16'],
  ['invalidates', 'fill:#f8d7da,stroke:#b3261e,color:#4a0d0a'],
  ['neutral', 'fill:#e8eaed,stroke:#6b7280,color:#1f2937'],
  ['otherEffect', 'fill:#fff4ce,stroke:#a16207,color:#3f2a03'],
  ['replan', 'fill:#fff4ce,stroke:#a16207,color:#3f2a03,stroke-dasharray:4 3'],
  ['stop', 'fill:#dbe7fb,stroke:#1d4ed8,color:#0b2258'],
  ['forage', 'fill:#e0f2f1,stroke:#00796b,color:#05332e'],
  ['focus', 'fill:#ede7f6,stroke:#5e35b1,color:#23124a'],
  ['deepen', 'fill:#fce4ec,stroke:#ad1457,color:#4a0824'],
  ['discovery', 'fill:#e8eaed,stroke:#6b7280,color:#1f2937'],
];

export function effectClass(effect: unknown): ClassName {
  return effect === 'confirms' || effect === 'invalidates' || effect === 'neutral' ? effect : 'otherEffect';
}

export function phaseClass(phase: unknown): ClassName {
  return phase === 'forage' || phase === 'focus' || phase === 'deepen' ? phase : 'discovery';
}

/** Collects nodes, subgraphs, edges and classes, and writes them in a fixed order. */
export class Chart {
  private next = 0;
  private depth = 1;
  private readonly body: string[] = [];
  private readonly edges: string[] = [];
  private readonly classes = new Map<ClassName, string[]>();

  get edgeCount(): number {
    return this.edges.length;
  }

  /** A node with the given label lines (each already escaped); returns its generated id. */
  node(lines: readonly string[], kind: NodeKind): string {
    const id = this.id();
    this.body.push(`${this.indent()}${id}[${quoted(lines)}]`);
    if (kind !== 'map' && kind !== 'hypothesis') {
      const members = this.classes.get(kind) ?? [];
      members.push(id);
      this.classes.set(kind, members);
    }
    return id;
  }

  edge(from: string, to: string, style: 'solid' | 'dotted' = 'solid'): void {
    this.edges.push(`  ${from} ${style === 'dotted' ? '-.->' : '-->'} ${to}`);
  }

  /** Opens a subgraph with a title (already escaped). */
  open(title: string): void {
    this.body.push(`${this.indent()}subgraph ${this.id()}[${quoted([title])}]`);
    this.depth++;
  }

  close(): void {
    this.depth--;
    this.body.push(`${this.indent()}end`);
  }

  render(): string {
    const lines = ['flowchart TD', ...this.body, ...this.edges];
    for (const [name, style] of CLASS_DEFS) {
      const members = this.classes.get(name);
      if (members === undefined) continue;
      lines.push(`  classDef ${name} ${style}`, `  class ${members.join(',')} ${name}`);
    }
    return `${lines.join('\n')}\n`;
  }

  private id(): string {
    return `n${this.next++}`;
  }

  private indent(): string {
    return '  '.repeat(this.depth);
  }
}
