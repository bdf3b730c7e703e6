/**
 * Mermaid's own parser in Node: a JSDOM supplies the browser globals Mermaid reads at import time.
 * Load once per test file (`const mermaid = await loadMermaid()` at the top, or in beforeAll).
 */
import { JSDOM } from 'jsdom';

export interface FlowchartVertex {
  id: string;
  /** The label as it renders: Mermaid's entity codes decoded. */
  label: string;
  classes: string[];
}

export interface FlowchartEdge {
  start: string;
  end: string;
  /** "normal", "dotted", "thick" or "invisible". */
  stroke: string;
}

export interface FlowchartSubgraph {
  id: string;
  title: string;
  nodes: string[];
}

export interface FlowchartStructure {
  vertices: FlowchartVertex[];
  edges: FlowchartEdge[];
  subgraphs: FlowchartSubgraph[];
}

export interface MermaidHelper {
  /** Parses with mermaid.parse (which throws on any syntax error) and returns the diagram type. */
  parse(text: string): Promise<string>;
  /** Parses a flowchart and returns its vertices, edges and subgraphs from Mermaid's flowchart db. */
  flowchart(text: string): Promise<FlowchartStructure>;
  /** Parses any diagram and returns Mermaid's diagram db, for other structure checks. */
  diagram(text: string): Promise<{ type: string; db: unknown }>;
}

interface MermaidModule {
  initialize(config: Record<string, unknown>): void;
  parse(text: string): Promise<{ diagramType: string } | false>;
  mermaidAPI: { getDiagramFromText(text: string): Promise<{ type: string; db: unknown }> };
}

interface FlowDb {
  getVertices(): Map<string, { id: string; text?: string; classes?: string[] }>;
  getEdges(): Array<{ start: string; end: string; stroke?: string }>;
  getSubGraphs(): Array<{ id: string; title: string; nodes: string[] }>;
}

let loading: Promise<MermaidHelper> | undefined;

export function loadMermaid(): Promise<MermaidHelper> {
  loading ??= load();
  return loading;
}

async function load(): Promise<MermaidHelper> {
  const dom = new JSDOM('<!DOCTYPE html><html><body></body></html>', { pretendToBeVisual: true });
  const globals = globalThis as Record<string, unknown>;
  globals['window'] = dom.window;
  globals['document'] = dom.window.document;
  globals['DOMParser'] = dom.window.DOMParser;
  globals['Element'] = dom.window.Element;
  await speedUpSanitizer();
  const { default: mermaid } = (await import('mermaid')) as unknown as { default: MermaidModule };
  mermaid.initialize({ startOnLoad: false });

  const parse = async (text: string): Promise<string> => {
    const result = await mermaid.parse(text);
    if (result === false) throw new Error('mermaid.parse returned false');
    return result.diagramType;
  };
  const diagram = async (text: string): Promise<{ type: string; db: unknown }> => {
    await parse(text);
    const parsed = await mermaid.mermaidAPI.getDiagramFromText(text);
    return { type: parsed.type, db: parsed.db };
  };
  const flowchart = async (text: string): Promise<FlowchartStructure> => {
    const { type, db } = await diagram(text);
    if (!type.startsWith('flowchart')) throw new Error(`not a flowchart: ${type}`);
    const flow = db as FlowDb;
    return {
      vertices: [...flow.getVertices().values()].map((vertex) => ({
        id: vertex.id,
        label: decodeLabel(vertex.text ?? ''),
        classes: [...new Set(vertex.classes ?? [])],
      })),
      edges: flow.getEdges().map((edge) => ({ start: edge.start, end: edge.end, stroke: edge.stroke ?? 'normal' })),
      subgraphs: flow
        .getSubGraphs()
        .map((subgraph) => ({ id: subgraph.id, title: decodeLabel(subgraph.title), nodes: [...subgraph.nodes] })),
    };
  };
  return { parse, flowchart, diagram };
}

/**
 * Mermaid passes every label through DOMPurify, and DOMPurify parses any text holding a "<" (such
 * as our <br> line breaks) into a new jsdom document, which costs ~10 ms: a flowchart took ~200 ms
 * to parse. Text whose only markup is <br> and that holds no "&", ">", no-break space, NUL, CR or
 * lone surrogate comes out of DOMPurify exactly as it went in, so such text is returned at once;
 * everything else still goes through DOMPurify. Mermaid imports the same module instance, so the
 * shortcut applies to it.
 */
async function speedUpSanitizer(): Promise<void> {
  const { default: purify } = (await import('dompurify')) as unknown as {
    default: { sanitize: (dirty: unknown, config?: unknown) => unknown };
  };
  const sanitize = purify.sanitize.bind(purify);
  const unchanged = /^(?:[^<>&\u00A0\u0000\r\p{Cs}]|<br>)*$/u;
  purify.sanitize = (dirty: unknown, config?: unknown): unknown =>
    typeof dirty === 'string' && unchanged.test(dirty) ? dirty : sanitize(dirty, config);
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'", nbsp: '\u00A0' };

/** Undoes Mermaid's entity encoding (placeholders "ﬂ°°123¶ß" and "ﬂ°name¶ß") and decodes the entities. */
export function decodeLabel(text: string): string {
  return text
    .replace(/\uFB02\u00B0\u00B0(\d+)\u00B6\u00DF/gu, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/\uFB02\u00B0(\w+)\u00B6\u00DF/gu, (match, name: string) => NAMED_ENTITIES[name] ?? match);
}
