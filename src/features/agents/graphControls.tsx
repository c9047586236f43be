import FitScreenIcon from '@mui/icons-material/FitScreen';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useReactFlow, useStore, useStoreApi, type Node } from '@xyflow/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import {
  centredOn,
  clampZoom,
  FOCUS_ZOOM,
  GRAPH_ZOOM_RANGE,
  LABEL_FONT_PX,
  labelScale,
  nodeCentre,
  readableFit,
  zoomAround,
  ZOOM_STEP,
} from './graphViewport';

/** How the graph canvas moves: the camera, the fit on opening, the labels' scale and the zoom buttons. */

/** Set on the canvas from the zoom (graphViewport.ts's labelScale); every label's size multiplies by it. */
const LABEL_SCALE_VARIABLE = '--graph-label-scale';
export const LABEL_FONT_SIZE = `calc(${LABEL_FONT_PX}px * var(${LABEL_SCALE_VARIABLE}, 1))`;

export type EntityNode = Node<{ label: string; type: string }>;

/** Moves and zooms the canvas; everything is computed by graphViewport.ts from the nodes' current places. */
export function useGraphCamera() {
  const { getNodes, getNode, getViewport, setViewport } = useReactFlow<EntityNode>();
  const store = useStoreApi<EntityNode>();
  const screen = useCallback(() => {
    const { width, height } = store.getState();
    return { width, height };
  }, [store]);
  return useMemo(
    () => ({
      fit: () =>
        void setViewport(
          readableFit(
            getNodes().map((node) => node.position),
            screen(),
          ),
        ),
      zoomBy: (factor: number) => {
        const { width, height } = screen();
        const viewport = getViewport();
        void setViewport(zoomAround(viewport, viewport.zoom * factor, { x: width / 2, y: height / 2 }));
      },
      focus: (id: string) => {
        const node = getNode(id);
        if (!node) return;
        const zoom = clampZoom(Math.max(getViewport().zoom, FOCUS_ZOOM));
        void setViewport(centredOn(nodeCentre(node.position), zoom, screen()));
      },
    }),
    [getNodes, getNode, getViewport, setViewport, screen],
  );
}

/**
 * Fits the graph once the canvas knows its size (graphViewport.ts's readableFit). The nodes' sizes are
 * known before they are drawn (GraphView's toFlow gives them), so the fit need not wait for React Flow
 * to measure them, which it never does for nodes off screen (onlyRenderVisibleElements).
 */
export function FitOnOpen() {
  const ready = useStore((state) => state.panZoom !== null && state.width > 0 && state.height > 0);
  const { fit } = useGraphCamera();
  const fitted = useRef(false);
  useEffect(() => {
    if (!ready || fitted.current) return;
    fitted.current = true;
    fit();
  }, [ready, fit]);
  return null;
}

/** Keeps labels at least MIN_LABEL_PX on screen when zoomed out, without redrawing the nodes. */
export function LabelScale({ canvas }: { canvas: RefObject<HTMLDivElement | null> }) {
  const zoom = useStore((state) => state.transform[2]);
  useLayoutEffect(() => {
    canvas.current?.style.setProperty(LABEL_SCALE_VARIABLE, String(labelScale(zoom)));
  }, [canvas, zoom]);
  return null;
}

export function ZoomButtons() {
  const camera = useGraphCamera();
  const zoom = useStore((state) => state.transform[2]);
  return (
    <Stack direction="row" spacing={0.5} role="group" aria-label="Graph zoom">
      <IconButton
        aria-label="Zoom out"
        onClick={() => camera.zoomBy(1 / ZOOM_STEP)}
        disabled={zoom <= GRAPH_ZOOM_RANGE.min}
      >
        <ZoomOutIcon />
      </IconButton>
      <IconButton aria-label="Zoom in" onClick={() => camera.zoomBy(ZOOM_STEP)} disabled={zoom >= GRAPH_ZOOM_RANGE.max}>
        <ZoomInIcon />
      </IconButton>
      <IconButton aria-label="Fit to view" onClick={camera.fit}>
        <FitScreenIcon />
      </IconButton>
    </Stack>
  );
}
