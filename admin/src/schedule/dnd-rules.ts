import { pointerWithin, type CollisionDetection, type KeyboardCoordinateGetter } from '@dnd-kit/core';

// How a drag finds its slot. With a pointer: the slot under it. With the keyboard (no pointer):
// the arrow keys jump from slot to slot, and the slot whose corner the card's corner sits on is
// the one it lands in, so a long visit spanning several rows never lands ambiguously.

export const slotCollision: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const { collisionRect, droppableContainers, droppableRects } = args;
  return droppableContainers
    .map((container) => {
      const rect = droppableRects.get(container.id) ?? container.node.current?.getBoundingClientRect();
      const distance = rect
        ? Math.hypot(rect.left - collisionRect.left, rect.top - collisionRect.top)
        : Number.POSITIVE_INFINITY;
      return { id: container.id, data: { droppableContainer: container, value: distance } };
    })
    .filter((c) => Number.isFinite(c.data.value))
    .sort((a, b) => a.data.value - b.data.value)
    .slice(0, 1);
};

const DIRECTIONS: Record<string, [number, number]> = {
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
};

/** Each arrow press moves the card to the nearest slot that way (down: the next hour; right: the next day). */
export const slotByArrowKeys: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const direction = DIRECTIONS[event.code];
  if (!direction) return undefined;
  event.preventDefault();
  const { droppableRects, droppableContainers } = context;
  // dnd-kit measures the slots (and the card) a frame after the pick-up; a busy browser can deliver
  // the first arrow before that frame, and that key must still move: read the DOM instead.
  const collisionRect = context.collisionRect ?? context.activeNode?.getBoundingClientRect();
  if (!collisionRect) return undefined;
  const [dx, dy] = direction;
  let best: { x: number; y: number; score: number } | null = null;
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id) ?? container.node.current?.getBoundingClientRect();
    if (!rect) continue;
    const along = (rect.left - collisionRect.left) * dx + (rect.top - collisionRect.top) * dy;
    if (along < 2) continue;
    const across =
      Math.abs((rect.left - collisionRect.left) * dy) + Math.abs((rect.top - collisionRect.top) * dx);
    const score = along + across * 3;
    if (!best || score < best.score) best = { x: rect.left, y: rect.top, score };
  }
  if (!best) return currentCoordinates;
  return {
    x: currentCoordinates.x + (best.x - collisionRect.left),
    y: currentCoordinates.y + (best.y - collisionRect.top),
  };
};
