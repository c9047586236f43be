import { createSelector } from '@reduxjs/toolkit';
import {
  contextsAdapter,
  documentsAdapter,
  memoriesAdapter,
  selectContextsList,
  selectDocumentsState,
  selectGraphState,
  selectMemoriesList,
} from './detailSlice';
import { layoutGraph, type Point } from './graphLayout';
import { selectAllUploadItems, selectUploadItemsState, type UploadSource } from './uploadsSlice';

const memorySelectors = memoriesAdapter.getSelectors();
const contextSelectors = contextsAdapter.getSelectors();
const documentSelectors = documentsAdapter.getSelectors();

export const selectMemories = createSelector([selectMemoriesList], (list) => memorySelectors.selectAll(list.items));
export const selectContexts = createSelector([selectContextsList], (list) => contextSelectors.selectAll(list.items));
export const selectDocuments = createSelector([selectDocumentsState], (documents) =>
  documentSelectors.selectAll(documents.items),
);

export const selectUploadItems = createSelector([selectUploadItemsState], (items) => selectAllUploadItems(items));

/** The items of one uploader (the upload page or the Quick Upload card). */
export const selectUploadItemsOf = (source: UploadSource) =>
  createSelector([selectUploadItems], (items) => items.filter((item) => item.source === source));

/** Files still waiting or on their way; the others no longer need their bytes. */
export const selectHeldUploadIds = createSelector([selectUploadItems], (items) =>
  items.filter((item) => item.status === 'chosen' || item.status === 'uploading').map((item) => item.id),
);

export interface PositionedGraph {
  nodes: { id: string; label: string; type: string; position: Point }[];
  edges: { id: string; source: string; target: string; label: string }[];
}

/** The graph with its layout, computed once per loaded graph. */
export const selectPositionedGraph = createSelector([selectGraphState], (graph): PositionedGraph | null => {
  if (!graph.data) return null;
  const { nodes, edges } = graph.data;
  const positions = layoutGraph(nodes, edges);
  const known = new Set(nodes.map((node) => node.id));
  return {
    nodes: nodes.map((node) => ({ ...node, position: positions.get(node.id) ?? { x: 0, y: 0 } })),
    edges: edges.filter((edge) => known.has(edge.source) && known.has(edge.target)),
  };
});
