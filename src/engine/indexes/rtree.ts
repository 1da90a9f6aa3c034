/**
 * An R-tree (Guttman, quadratic split) over axis-aligned boxes of any dimension, each box tagged with an
 * element id. A box is a Float64Array of 2·d numbers: the d lower coordinates, then the d upper ones.
 * Insert chooses the child needing the least enlargement (area, then margin, then area itself), splits an
 * overfull node quadratically, and keeps every node at least `minEntries` full; removal walks up from the
 * item's leaf through parent links and reinserts the items of nodes that fell below the minimum.
 * A search visits every item whose box overlaps the query box (boundaries touching count).
 */

export type Box = Float64Array;

interface Item {
  readonly box: Box;
  readonly id: number;
  parent: RNode;
  /** Creation order: the item map holds items by ascending `seq` (a new box is a new item, appended). */
  readonly seq: number;
}

interface RNode {
  box: Box;
  leaf: boolean;
  /** Items when `leaf`, nodes otherwise. */
  children: (Item | RNode)[];
  parent: RNode | null;
}

export interface RTreeBounds {
  minEntries: number;
  maxEntries: number;
}

function emptyBox(dimensions: number): Box {
  const box = new Float64Array(2 * dimensions);
  box.fill(Infinity, 0, dimensions);
  box.fill(-Infinity, dimensions);
  return box;
}

function extend(target: Box, by: Box, dimensions: number): void {
  for (let i = 0; i < dimensions; i++) {
    if (by[i] < target[i]) target[i] = by[i];
    if (by[i + dimensions] > target[i + dimensions]) target[i + dimensions] = by[i + dimensions];
  }
}

function area(box: Box, dimensions: number): number {
  let product = 1;
  for (let i = 0; i < dimensions; i++) product *= box[i + dimensions] - box[i];
  return product;
}

function margin(box: Box, dimensions: number): number {
  let sum = 0;
  for (let i = 0; i < dimensions; i++) sum += box[i + dimensions] - box[i];
  return sum;
}

function unionOf(a: Box, b: Box, dimensions: number): Box {
  const union = Float64Array.from(a);
  extend(union, b, dimensions);
  return union;
}

export function boxesOverlap(a: Box, b: Box, dimensions: number): boolean {
  for (let i = 0; i < dimensions; i++) {
    if (a[i] > b[i + dimensions] || b[i] > a[i + dimensions]) return false;
  }
  return true;
}

/**
 * The items of an `RTree` at `capture()`, read later while the tree changes, in O(1): it walks the live
 * item map (a `Map` iteration survives changes), which holds items in creation order, and stops at the
 * first item made after the capture; an item removed (or replaced) before the walk reached it is handed
 * to the capture first and read after the walk. Items never change in place; a clear gives the tree a
 * new map and leaves the walked one as it was.
 */
export class RTreeCapture {
  /** Items removed before the walk passed them. */
  private readonly kept: Item[] = [];
  /** The walk is done with the items up to this `seq`. */
  private walkSeq = -1;

  constructor(
    private readonly items: Map<number, Item>,
    private readonly seqLimit: number,
    /** Items at the capture. */
    readonly size: number,
    private readonly onRelease: (capture: RTreeCapture) => void,
  ) {}

  /** Before `item` leaves the tree. */
  keep(item: Item): void {
    if (item.seq < this.seqLimit && item.seq > this.walkSeq) this.kept.push(item);
  }

  /** Every (id, box) at the capture, each once. */
  *entries(): Generator<readonly [number, Box], void> {
    for (const item of this.items.values()) {
      if (item.seq >= this.seqLimit) break;
      this.walkSeq = item.seq;
      yield [item.id, item.box];
    }
    this.walkSeq = Infinity;
    for (const item of this.kept) yield [item.id, item.box];
    this.kept.length = 0;
  }

  /** Ends the capture; idempotent. */
  release(): void {
    this.onRelease(this);
  }
}

export class RTree {
  private root: RNode;
  private items = new Map<number, Item>();
  private nextSeq = 0;
  private readonly captures = new Set<RTreeCapture>();
  readonly minEntries: number;
  readonly maxEntries: number;

  constructor(
    readonly dimensions: number,
    bounds: RTreeBounds,
  ) {
    const { minEntries, maxEntries } = bounds;
    if (!Number.isInteger(maxEntries) || maxEntries < 4)
      throw new RangeError('maxEntries must be at least 4');
    if (!Number.isInteger(minEntries) || minEntries < 1 || minEntries > maxEntries >> 1) {
      throw new RangeError('minEntries must be between 1 and maxEntries / 2');
    }
    this.minEntries = minEntries;
    this.maxEntries = maxEntries;
    this.root = this.newNode(true);
  }

  get size(): number {
    return this.items.size;
  }

  boxOf(id: number): Box | undefined {
    return this.items.get(id)?.box;
  }

  /** Every (id, box), in no particular order. */
  forEach(visit: (id: number, box: Box) => void): void {
    for (const item of this.items.values()) visit(item.id, item.box);
  }

  /** Adds or replaces the box of `id`. */
  set(id: number, box: Box): void {
    this.remove(id);
    const item: Item = { box, id, parent: this.root, seq: this.nextSeq++ };
    this.items.set(id, item);
    this.insertItem(item);
  }

  remove(id: number): boolean {
    const item = this.items.get(id);
    if (item === undefined) return false;
    for (const capture of this.captures) capture.keep(item);
    this.items.delete(id);
    const leaf = item.parent;
    leaf.children.splice(leaf.children.indexOf(item), 1);
    this.condense(leaf);
    return true;
  }

  /** A new item map: open captures go on reading the old one, which nothing changes any more. */
  clear(): void {
    this.items = new Map();
    this.root = this.newNode(true);
  }

  /** The items now, in O(1) (see `RTreeCapture`); release it. */
  capture(): RTreeCapture {
    const capture = new RTreeCapture(this.items, this.nextSeq, this.items.size, (released) =>
      this.captures.delete(released),
    );
    this.captures.add(capture);
    return capture;
  }

  /** Visits the id of every item whose box overlaps `query`. */
  search(query: Box, visit: (id: number) => void): void {
    const d = this.dimensions;
    if (this.items.size === 0) return;
    const stack: RNode[] = [this.root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (!boxesOverlap(node.box, query, d)) continue;
      if (node.leaf) {
        for (const child of node.children as Item[]) if (boxesOverlap(child.box, query, d)) visit(child.id);
      } else {
        for (const child of node.children as RNode[]) stack.push(child);
      }
    }
  }

  /** Height of the tree (1 for a lone leaf); for tests of balance. */
  get height(): number {
    let height = 1;
    for (let node = this.root; !node.leaf; node = node.children[0] as RNode) height++;
    return height;
  }

  private newNode(leaf: boolean): RNode {
    return { box: emptyBox(this.dimensions), leaf, children: [], parent: null };
  }

  private insertItem(item: Item): void {
    const d = this.dimensions;
    const box = item.box;
    let node = this.root;
    while (!node.leaf) {
      let best: RNode | undefined;
      let bestEnlargement = Infinity;
      let bestMargin = Infinity;
      let bestArea = Infinity;
      for (const candidate of node.children as RNode[]) {
        const union = unionOf(candidate.box, box, d);
        const candidateArea = area(candidate.box, d);
        const enlargement = area(union, d) - candidateArea;
        const marginGrowth = margin(union, d) - margin(candidate.box, d);
        if (
          enlargement < bestEnlargement ||
          (enlargement === bestEnlargement &&
            (marginGrowth < bestMargin || (marginGrowth === bestMargin && candidateArea < bestArea)))
        ) {
          best = candidate;
          bestEnlargement = enlargement;
          bestMargin = marginGrowth;
          bestArea = candidateArea;
        }
      }
      node = best!;
    }
    node.children.push(item);
    item.parent = node;
    for (let at: RNode | null = node; at !== null; at = at.parent) extend(at.box, box, d);
    if (node.children.length > this.maxEntries) this.split(node);
  }

  private split(node: RNode): void {
    const d = this.dimensions;
    const children = node.children;
    // Seeds: the pair that would waste the most area together.
    let seedA = 0;
    let seedB = 1;
    let worst = -Infinity;
    for (let i = 0; i < children.length; i++) {
      for (let j = i + 1; j < children.length; j++) {
        const waste =
          area(unionOf(children[i].box, children[j].box, d), d) -
          area(children[i].box, d) -
          area(children[j].box, d);
        if (waste > worst) {
          worst = waste;
          seedA = i;
          seedB = j;
        }
      }
    }
    const sibling = this.newNode(node.leaf);
    const groupA: (Item | RNode)[] = [children[seedA]];
    const groupB: (Item | RNode)[] = [children[seedB]];
    const boxA = Float64Array.from(children[seedA].box);
    const boxB = Float64Array.from(children[seedB].box);
    const rest = children.filter((_, i) => i !== seedA && i !== seedB);
    while (rest.length > 0) {
      // Fill a group that needs every remaining child to reach the minimum.
      if (groupA.length + rest.length === this.minEntries) {
        for (const child of rest.splice(0)) {
          groupA.push(child);
          extend(boxA, child.box, d);
        }
        break;
      }
      if (groupB.length + rest.length === this.minEntries) {
        for (const child of rest.splice(0)) {
          groupB.push(child);
          extend(boxB, child.box, d);
        }
        break;
      }
      // Next: the child with the strongest preference for one group.
      let pick = 0;
      let strongest = -1;
      let growthA = 0;
      let growthB = 0;
      for (let i = 0; i < rest.length; i++) {
        const a = area(unionOf(boxA, rest[i].box, d), d) - area(boxA, d);
        const b = area(unionOf(boxB, rest[i].box, d), d) - area(boxB, d);
        const preference = Math.abs(a - b);
        if (preference > strongest) {
          strongest = preference;
          pick = i;
          growthA = a;
          growthB = b;
        }
      }
      const [child] = rest.splice(pick, 1);
      const toA =
        growthA < growthB ||
        (growthA === growthB &&
          (area(boxA, d) < area(boxB, d) ||
            (area(boxA, d) === area(boxB, d) && groupA.length <= groupB.length)));
      if (toA) {
        groupA.push(child);
        extend(boxA, child.box, d);
      } else {
        groupB.push(child);
        extend(boxB, child.box, d);
      }
    }
    node.children = groupA;
    node.box = boxA;
    sibling.children = groupB;
    sibling.box = boxB;
    for (const child of groupB) child.parent = sibling;
    if (node.parent === null) {
      const root = this.newNode(false);
      root.children = [node, sibling];
      node.parent = root;
      sibling.parent = root;
      extend(root.box, boxA, d);
      extend(root.box, boxB, d);
      this.root = root;
      return;
    }
    const parent = node.parent;
    parent.children.push(sibling);
    sibling.parent = parent;
    if (parent.children.length > this.maxEntries) this.split(parent);
  }

  /** After a removal from `node`: drop underfull nodes (reinserting their items), tighten boxes, shrink the root. */
  private condense(node: RNode): void {
    const orphans: Item[] = [];
    let at = node;
    while (at.parent !== null) {
      const parent: RNode = at.parent;
      if (at.children.length < this.minEntries) {
        parent.children.splice(parent.children.indexOf(at), 1);
        this.collectItems(at, orphans);
      } else {
        this.recomputeBox(at);
      }
      at = parent;
    }
    this.recomputeBox(this.root);
    while (!this.root.leaf && this.root.children.length === 1) {
      this.root = this.root.children[0] as RNode;
      this.root.parent = null;
    }
    if (!this.root.leaf && this.root.children.length === 0) this.root = this.newNode(true);
    for (const item of orphans) this.insertItem(item);
  }

  private collectItems(node: RNode, into: Item[]): void {
    if (node.leaf) for (const item of node.children as Item[]) into.push(item);
    else for (const child of node.children as RNode[]) this.collectItems(child, into);
  }

  private recomputeBox(node: RNode): void {
    const box = emptyBox(this.dimensions);
    for (const child of node.children) extend(box, child.box, this.dimensions);
    node.box = box;
  }
}
