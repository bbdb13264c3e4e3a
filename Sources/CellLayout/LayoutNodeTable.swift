import WidgetKitUI

/// The nodes of a `LayoutTree`, its side tables (texts, shapes, frames...) and its size cache, in one block of memory
/// that lives as long as the tree (one layout pass).
///
/// Ten arrays (nodes, eight side tables, the cache) cost an allocation each that a tree used (six for the benchmark
/// frame), checked that they were uniquely referenced on every write (a stack writes each child's proposal and size
/// once per proposal: about 250 checks a frame), and the nodes' placeholder children were filled through a generic
/// copy (`append(contentsOf: repeatElement(…))`, one `memcpy` a node). Here one block of memory (and the object that
/// frees it) holds them all, nodes are read and written in place through its pointer, reserved children are not
/// filled with placeholders first, and the cache's slots are written only when a node remembers a size (a slot is
/// read only below its node's `cacheCount`). A table that outgrows its room moves, with all the others, to a block
/// with twice that room. docs/DECISIONS.md "Frame cost, eleventh pass (layout)".
struct LayoutNodeTable {
    /// How many elements each table of a block has room for.
    struct Capacities {
        var nodes = 64, cacheSlots = 32 * LayoutTree.cacheSlots
        var texts = 16, images = 4, shapes = 8, paints = 4, gauges = 2, frames = 8, modifiers = 8
    }

    /// Elements of one type in a block, appended in order and read in place; the count lives in the block. A table
    /// points into the block without keeping it alive: read it where it is got (`tree.texts[i]`), never keep one across
    /// an append, which may move every table to a larger block and free this one.
    struct Table<Element> {
        let base: UnsafeMutablePointer<Element>
        let capacity: Int
        let countAddress: UnsafeMutablePointer<Int>

        /// Elements appended.
        var count: Int { countAddress.pointee }
        var isEmpty: Bool { count == 0 }

        /// Element `index`, read in place.
        subscript(index: Int) -> Element {
            unsafeAddress {
                precondition(index >= 0 && index < count, "LayoutNodeTable: index out of range")
                return UnsafePointer(base + index)
            }
        }

        /// Appends `element`; the caller has made room (`LayoutNodeTable.append(_:to:growing:)`).
        func append(_ element: Element) {
            precondition(count < capacity, "LayoutNodeTable: table full")
            (base + count).initialize(to: element)
            countAddress.pointee += 1
        }

        /// Moves every element to `other`, empty and at least as large.
        func move(to other: Table) {
            other.base.moveInitialize(from: base, count: count)
            other.countAddress.pointee = count
            countAddress.pointee = 0
        }
    }

    /// Owns the memory: the elements are deinitialized and the memory freed when the last copy of the table (its
    /// tree) goes.
    final class Block {
        let capacities: Capacities
        let memory: UnsafeMutableRawPointer
        let nodes: UnsafeMutablePointer<LayoutNode>
        let cache: UnsafeMutablePointer<LayoutTree.CachedSize>
        let texts: Table<LayoutNode.LaidText>
        let images: Table<ImageNode>
        let imageSizes: Table<LayoutNode.ImageSize>
        let shapes: Table<ShapeNode>
        let paints: Table<Paint>
        let gauges: Table<GaugeNode>
        let frames: Table<LayoutNode.CellFrame>
        let modifiers: Table<NodeModifier>

        /// Room for `capacities`, every table empty and the nodes and cache uninitialized.
        init(_ capacities: Capacities) {
            self.capacities = capacities
            var size = 0, alignment = MemoryLayout<Int>.alignment
            func region<T>(_: T.Type, _ count: Int) -> Int {
                let align = MemoryLayout<T>.alignment
                alignment = max(alignment, align)
                let start = (size + align - 1) / align * align
                size = start + MemoryLayout<T>.stride * count
                return start
            }
            // The counts of the side tables first, then each table.
            let countsAt = region(Int.self, 8)
            let nodesAt = region(LayoutNode.self, capacities.nodes)
            let cacheAt = region(LayoutTree.CachedSize.self, capacities.cacheSlots)
            let textsAt = region(LayoutNode.LaidText.self, capacities.texts)
            let imagesAt = region(ImageNode.self, capacities.images)
            let imageSizesAt = region(LayoutNode.ImageSize.self, capacities.images)
            let shapesAt = region(ShapeNode.self, capacities.shapes)
            let paintsAt = region(Paint.self, capacities.paints)
            let gaugesAt = region(GaugeNode.self, capacities.gauges)
            let framesAt = region(LayoutNode.CellFrame.self, capacities.frames)
            let modifiersAt = region(NodeModifier.self, capacities.modifiers)
            let memory = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: alignment)
            self.memory = memory
            let counts = (memory + countsAt).bindMemory(to: Int.self, capacity: 8)
            counts.initialize(repeating: 0, count: 8)
            func table<T>(_: T.Type, at offset: Int, _ capacity: Int, count: Int) -> Table<T> {
                Table(base: (memory + offset).bindMemory(to: T.self, capacity: capacity), capacity: capacity, countAddress: counts + count)
            }
            nodes = (memory + nodesAt).bindMemory(to: LayoutNode.self, capacity: capacities.nodes)
            cache = (memory + cacheAt).bindMemory(to: LayoutTree.CachedSize.self, capacity: capacities.cacheSlots)
            texts = table(LayoutNode.LaidText.self, at: textsAt, capacities.texts, count: 0)
            images = table(ImageNode.self, at: imagesAt, capacities.images, count: 1)
            imageSizes = table(LayoutNode.ImageSize.self, at: imageSizesAt, capacities.images, count: 2)
            shapes = table(ShapeNode.self, at: shapesAt, capacities.shapes, count: 3)
            paints = table(Paint.self, at: paintsAt, capacities.paints, count: 4)
            gauges = table(GaugeNode.self, at: gaugesAt, capacities.gauges, count: 5)
            frames = table(LayoutNode.CellFrame.self, at: framesAt, capacities.frames, count: 6)
            modifiers = table(NodeModifier.self, at: modifiersAt, capacities.modifiers, count: 7)
        }

        /// Moves every side table's elements to `other` (nodes are copied by the caller, the cache is not yet used).
        func moveTables(to other: Block) {
            texts.move(to: other.texts)
            images.move(to: other.images)
            imageSizes.move(to: other.imageSizes)
            shapes.move(to: other.shapes)
            paints.move(to: other.paints)
            gauges.move(to: other.gauges)
            frames.move(to: other.frames)
            modifiers.move(to: other.modifiers)
        }

        deinit {
            // Nodes, cache slots, image sizes and frames are plain data: nothing to deinitialize.
            texts.base.deinitialize(count: texts.count)
            images.base.deinitialize(count: images.count)
            shapes.base.deinitialize(count: shapes.count)
            paints.base.deinitialize(count: paints.count)
            gauges.base.deinitialize(count: gauges.count)
            modifiers.base.deinitialize(count: modifiers.count)
            memory.deallocate()
        }
    }

    private(set) var block: Block
    /// Nodes written so far (`append(count:)`).
    private(set) var count = 0
    /// Cache slots handed out (`allocateCache(slots:)`); 0 while the tree is being built.
    private(set) var cacheCount = 0

    /// An empty table with the room of `Capacities()` (the benchmark frame's tree fits it).
    init() {
        precondition(
            _isPOD(LayoutNode.self) && _isPOD(LayoutTree.CachedSize.self) && _isPOD(LayoutNode.ImageSize.self)
                && _isPOD(LayoutNode.CellFrame.self), "LayoutNodeTable: nodes, cache slots, image sizes and frames are plain data")
        block = Block(Capacities())
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

    /// Appends `count` nodes, not yet written, and returns the index of the first. `LayoutTree.build` writes each
    /// whole (`nodes[index] = …`, which initializes plain data) before anything reads it, so they are not filled
    /// with placeholders first.
    mutating func append(count added: Int) -> Int {
        let first = count
        if first + added > block.capacities.nodes {
            var capacities = block.capacities
            capacities.nodes = max(capacities.nodes * 2, first + added)
            grow(to: capacities)
        }
        count = first + added
        return first
    }

    /// Appends `element` to the side table `table` picks, first moving to a block where `growing` doubled its room
    /// when it is full.
    mutating func append<Element>(
        _ element: Element, to table: (Block) -> Table<Element>, growing: (inout Capacities) -> Void
    ) {
        if table(block).count == table(block).capacity {
            var capacities = block.capacities
            growing(&capacities)
            grow(to: capacities)
        }
        table(block).append(element)
    }

    /// Makes room for `slots` cache slots (called once, when the tree is built).
    mutating func allocateCache(slots: Int) {
        if slots > block.capacities.cacheSlots {
            var capacities = block.capacities
            capacities.cacheSlots = slots
            grow(to: capacities)
        }
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

    /// Moves the nodes and side tables (not the cache, used once they are all built) to a block of `capacities`.
    private mutating func grow(to capacities: Capacities) {
        let larger = Block(capacities)
        // Bytes, not values: reserved nodes not written yet are copied too, and reading them as `LayoutNode`s would be
        // reading uninitialized memory (the nodes are plain data, checked when the table is made).
        UnsafeMutableRawPointer(larger.nodes).copyMemory(from: block.nodes, byteCount: count * MemoryLayout<LayoutNode>.stride)
        block.moveTables(to: larger)
        block = larger
    }
}
