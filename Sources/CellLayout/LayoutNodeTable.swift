/// The nodes of a `LayoutTree` and its size cache, in one block of memory that lives as long as the tree (one
/// layout pass).
///
/// An array of nodes checked that it was uniquely referenced on every write (a stack writes each child's proposal
/// and size once per proposal: about 250 checks a frame), filled its placeholder children through a generic copy
/// (`append(contentsOf: repeatElement(…))`, one `memcpy` a node), and the size cache was a second array whose every
/// slot was written before use. Here a node is read and written in place through the block's pointer, placeholders
/// are written in a plain loop, and the cache's slots are written only when a node remembers a size (a slot is read
/// only below its node's `cacheCount`). Nodes and cache are plain data (no references), so nothing is released
/// when the block is freed. docs/DECISIONS.md "Frame cost, eleventh pass (layout)".
struct LayoutNodeTable {
    /// Owns the memory: freed when the last copy of the table (its tree) goes.
    final class Block {
        let memory: UnsafeMutableRawPointer
        let nodes: UnsafeMutablePointer<LayoutNode>
        let nodeCapacity: Int
        let cache: UnsafeMutablePointer<LayoutTree.CachedSize>
        let cacheCapacity: Int

        /// Room for `nodeCapacity` nodes and `cacheCapacity` cache slots, uninitialized.
        init(nodeCapacity: Int, cacheCapacity: Int) {
            let nodeBytes = MemoryLayout<LayoutNode>.stride * nodeCapacity
            let cacheAlignment = MemoryLayout<LayoutTree.CachedSize>.alignment
            let cacheOffset = (nodeBytes + cacheAlignment - 1) / cacheAlignment * cacheAlignment
            memory = UnsafeMutableRawPointer.allocate(
                byteCount: max(1, cacheOffset + MemoryLayout<LayoutTree.CachedSize>.stride * cacheCapacity),
                alignment: max(MemoryLayout<LayoutNode>.alignment, cacheAlignment))
            nodes = memory.bindMemory(to: LayoutNode.self, capacity: nodeCapacity)
            cache = (memory + cacheOffset).bindMemory(to: LayoutTree.CachedSize.self, capacity: cacheCapacity)
            self.nodeCapacity = nodeCapacity
            self.cacheCapacity = cacheCapacity
        }

        deinit { memory.deallocate() } // Plain data: nothing to deinitialize.
    }

    /// Nodes room is made for at first (the benchmark frame's tree fits); a larger tree moves its nodes to a block
    /// twice the size.
    static let initialCapacity = 64

    private(set) var block: Block
    /// Nodes written so far (`append(count:)`).
    private(set) var count = 0
    /// Cache slots handed out (`allocateCache(slots:)`); 0 while the tree is being built.
    private(set) var cacheCount = 0

    /// An empty table with room for `initialCapacity` nodes and a cache for about half of them.
    init() {
        precondition(_isPOD(LayoutNode.self) && _isPOD(LayoutTree.CachedSize.self), "LayoutNodeTable holds plain data only")
        block = Block(nodeCapacity: Self.initialCapacity, cacheCapacity: Self.initialCapacity / 2 * LayoutTree.cacheSlots)
    }

    /// Node `index`, read and written in place.
    subscript(index: Int) -> LayoutNode {
        unsafeAddress {
            precondition(index >= 0 && index < count, "LayoutNodeTable: node index out of range")
            return UnsafePointer(block.nodes + index)
        }
        nonmutating unsafeMutableAddress {
            precondition(index >= 0 && index < count, "LayoutNodeTable: node index out of range")
            return block.nodes + index
        }
    }

    /// Appends `count` empty nodes and returns the index of the first.
    mutating func append(count added: Int) -> Int {
        let first = count
        if first + added > block.nodeCapacity {
            grow(nodeCapacity: max(block.nodeCapacity * 2, first + added), cacheCapacity: block.cacheCapacity)
        }
        let empty = LayoutNode(kind: .empty)
        for offset in 0..<added { (block.nodes + first + offset).initialize(to: empty) }
        count = first + added
        return first
    }

    /// Makes room for `slots` cache slots (called once, when the tree is built).
    mutating func allocateCache(slots: Int) {
        if slots > block.cacheCapacity { grow(nodeCapacity: count, cacheCapacity: slots) }
        cacheCount = slots
    }

    /// Cache slot `slot`: written by `setCache(_:at:)` before it is read.
    func cache(at slot: Int) -> LayoutTree.CachedSize {
        precondition(slot >= 0 && slot < cacheCount, "LayoutNodeTable: cache slot out of range")
        return block.cache[slot]
    }

    /// Writes cache slot `slot`.
    func setCache(_ value: LayoutTree.CachedSize, at slot: Int) {
        precondition(slot >= 0 && slot < cacheCount, "LayoutNodeTable: cache slot out of range")
        (block.cache + slot).initialize(to: value)
    }

    /// Moves the nodes (not the cache, allocated once they are all built) to a larger block.
    private mutating func grow(nodeCapacity: Int, cacheCapacity: Int) {
        let larger = Block(nodeCapacity: nodeCapacity, cacheCapacity: cacheCapacity)
        larger.nodes.initialize(from: block.nodes, count: count)
        block = larger
    }
}
