/**
 * The semantic block of a subgraph request (docs/subgraphs.md, "The semantic block"). It binds once, at
 * registration: the query vector is captured in the recipe and every later build (recalculation, a
 * rebuild after a load) scores against that same vector. `minScore` fills the top-level vertex filter
 * (so it cannot be combined with a `vertexFilter` fragment); a step's `semanticMinScore` applies at that
 * step; `costBySimilarity` has no meaning here and is refused.
 */
import { isEngineError } from '../engine/index.js';
import type { PatternStep, RecipeSemantic } from './model.js';
import { stepLabel } from './model.js';
import { bindRecipeSemantic } from './rules.js';
import { isBlank, SubgraphRequestError, type SemanticBody } from './request.js';

/**
 * Checks the block and captures it as the recipe keeps it. `queryText` needs the embedding provider,
 * which answers 403 while it is disabled; it is refused together with `queryVector` first (400).
 */
export function captureSemantic(block: SemanticBody, topVertexFilter: string | null): RecipeSemantic {
  const hasVector = block.queryVector !== null && block.queryVector !== undefined;
  if (!isBlank(block.queryText)) {
    if (hasVector) {
      throw new SubgraphRequestError(
        'invalid',
        'semantic.queryText and semantic.queryVector are mutually exclusive.',
      );
    }
    throw new SubgraphRequestError(
      'forbidden',
      'semantic.queryText needs the embedding provider, which is disabled (Svc:Embedding:Enabled); ' +
        'send semantic.queryVector instead.',
    );
  }
  if (block.costBySimilarity === true) {
    throw new SubgraphRequestError(
      'invalid',
      'semantic.costBySimilarity applies to path requests only: a subgraph has no costs.',
    );
  }
  const minScore = block.minScore ?? null;
  if (minScore !== null && topVertexFilter !== null) {
    throw new SubgraphRequestError(
      'invalid',
      'semantic.minScore and the vertexFilter fragment own the same delegate slot (the top-level vertex ' +
        'filter); use one.',
    );
  }
  try {
    const bound = bindRecipeSemantic({
      queryVector: block.queryVector ?? [],
      queryText: null,
      embeddingName: block.embeddingName ?? 'default',
      metric: (block.metric ?? 'Cosine') as RecipeSemantic['metric'],
      minScore,
    });
    return {
      // Float32 values, so every later build binds exactly the vector this one did.
      queryVector: Array.from(bound.queryVector),
      queryText: null,
      embeddingName: bound.embeddingName,
      metric: bound.metric,
      minScore,
    };
  } catch (error) {
    if (isEngineError(error) && error.code === 'INVALID_INPUT') {
      throw new SubgraphRequestError('invalid', error.message);
    }
    throw error;
  }
}

/** The summary's echo of the block: never the vector itself. */
export interface SemanticEcho {
  embeddingName: string;
  metric: string;
  dimension: number;
  queryText?: string;
  minScore?: number;
  patternThresholds?: { pattern: string; minScore: number }[];
}

export function semanticEcho(semantic: RecipeSemantic, steps: readonly PatternStep[]): SemanticEcho {
  const echo: SemanticEcho = {
    embeddingName: semantic.embeddingName,
    metric: semantic.metric,
    dimension: semantic.queryVector.length,
  };
  if (semantic.queryText !== null) echo.queryText = semantic.queryText;
  if (semantic.minScore !== null) echo.minScore = semantic.minScore;
  const thresholds = steps.flatMap((step, index) =>
    step.type === 'Vertex' && step.semanticMinScore !== null
      ? [{ pattern: stepLabel(step, index), minScore: step.semanticMinScore }]
      : [],
  );
  if (thresholds.length > 0) echo.patternThresholds = thresholds;
  return echo;
}
