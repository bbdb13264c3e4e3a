import Foundation

// MARK: - Builder block statements

// The statements of builder blocks of two to ten statements, one type per length, as SwiftUI's builder once
// had one `buildBlock` per length. Each resolves its views one after the other in straight-line code, so
// the compiler specialises a whole widget body (a recursive list of statements would stop its specialiser,
// which treats a generic function calling itself as a possible endless loop; a parameter pack is walked
// through type metadata at run time). The views are separate stored properties, not a tuple: reading a
// tuple's element copied the whole tuple, every view in it.

/// The views of a builder block of 2 statements, in order.
public struct ViewStatements2<C0: View, C1: View>: ViewStatementList {
    @usableFromInline let c0: C0
    @usableFromInline let c1: C1

    /// The statements' views, in order.
    @inlinable
    public init(_ c0: C0, _ c1: C1) {
        self.c0 = c0
        self.c1 = c1
    }

    /// Always 2: the block has 2 statements.
    @inlinable public var count: Int { 2 }

    /// Appends each statement's resolved node, one per statement, in order.
    @inlinable
    public func _appendNodes(in context: ResolveContext, to nodes: inout [ViewNode]) {
        nodes.append(c0._resolve(in: context))
        nodes.append(c1._resolve(in: context))
    }

    /// Appends each statement's nodes as a stack's children, in order.
    @inlinable
    public func _appendLists(in context: ResolveContext, to list: inout [ViewNode]) {
        c0._resolveList(in: context, into: &list)
        c1._resolveList(in: context, into: &list)
    }
}

/// The views of a builder block of 3 statements, in order.
public struct ViewStatements3<C0: View, C1: View, C2: View>: ViewStatementList {
    @usableFromInline let c0: C0
    @usableFromInline let c1: C1
    @usableFromInline let c2: C2

    /// The statements' views, in order.
    @inlinable
    public init(_ c0: C0, _ c1: C1, _ c2: C2) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
    }

    /// Always 3: the block has 3 statements.
    @inlinable public var count: Int { 3 }

    /// Appends each statement's resolved node, one per statement, in order.
    @inlinable
    public func _appendNodes(in context: ResolveContext, to nodes: inout [ViewNode]) {
        nodes.append(c0._resolve(in: context))
        nodes.append(c1._resolve(in: context))
        nodes.append(c2._resolve(in: context))
    }

    /// Appends each statement's nodes as a stack's children, in order.
    @inlinable
    public func _appendLists(in context: ResolveContext, to list: inout [ViewNode]) {
        c0._resolveList(in: context, into: &list)
        c1._resolveList(in: context, into: &list)
        c2._resolveList(in: context, into: &list)
    }
}

/// The views of a builder block of 4 statements, in order.
public struct ViewStatements4<C0: View, C1: View, C2: View, C3: View>: ViewStatementList {
    @usableFromInline let c0: C0
    @usableFromInline let c1: C1
    @usableFromInline let c2: C2
    @usableFromInline let c3: C3

    /// The statements' views, in order.
    @inlinable
    public init(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
        self.c3 = c3
    }

    /// Always 4: the block has 4 statements.
    @inlinable public var count: Int { 4 }

    /// Appends each statement's resolved node, one per statement, in order.
    @inlinable
    public func _appendNodes(in context: ResolveContext, to nodes: inout [ViewNode]) {
        nodes.append(c0._resolve(in: context))
        nodes.append(c1._resolve(in: context))
        nodes.append(c2._resolve(in: context))
        nodes.append(c3._resolve(in: context))
    }

    /// Appends each statement's nodes as a stack's children, in order.
    @inlinable
    public func _appendLists(in context: ResolveContext, to list: inout [ViewNode]) {
        c0._resolveList(in: context, into: &list)
        c1._resolveList(in: context, into: &list)
        c2._resolveList(in: context, into: &list)
        c3._resolveList(in: context, into: &list)
    }
}

/// The views of a builder block of 5 statements, in order.
public struct ViewStatements5<C0: View, C1: View, C2: View, C3: View, C4: View>: ViewStatementList {
    @usableFromInline let c0: C0
    @usableFromInline let c1: C1
    @usableFromInline let c2: C2
    @usableFromInline let c3: C3
    @usableFromInline let c4: C4

    /// The statements' views, in order.
    @inlinable
    public init(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
        self.c3 = c3
        self.c4 = c4
    }

    /// Always 5: the block has 5 statements.
    @inlinable public var count: Int { 5 }

    /// Appends each statement's resolved node, one per statement, in order.
    @inlinable
    public func _appendNodes(in context: ResolveContext, to nodes: inout [ViewNode]) {
        nodes.append(c0._resolve(in: context))
        nodes.append(c1._resolve(in: context))
        nodes.append(c2._resolve(in: context))
        nodes.append(c3._resolve(in: context))
        nodes.append(c4._resolve(in: context))
    }

    /// Appends each statement's nodes as a stack's children, in order.
    @inlinable
    public func _appendLists(in context: ResolveContext, to list: inout [ViewNode]) {
        c0._resolveList(in: context, into: &list)
        c1._resolveList(in: context, into: &list)
        c2._resolveList(in: context, into: &list)
        c3._resolveList(in: context, into: &list)
        c4._resolveList(in: context, into: &list)
    }
}

/// The views of a builder block of 6 statements, in order.
public struct ViewStatements6<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View>: ViewStatementList {
    @usableFromInline let c0: C0
    @usableFromInline let c1: C1
    @usableFromInline let c2: C2
    @usableFromInline let c3: C3
    @usableFromInline let c4: C4
    @usableFromInline let c5: C5

    /// The statements' views, in order.
    @inlinable
    public init(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
        self.c3 = c3
        self.c4 = c4
        self.c5 = c5
    }

    /// Always 6: the block has 6 statements.
    @inlinable public var count: Int { 6 }

    /// Appends each statement's resolved node, one per statement, in order.
    @inlinable
    public func _appendNodes(in context: ResolveContext, to nodes: inout [ViewNode]) {
        nodes.append(c0._resolve(in: context))
        nodes.append(c1._resolve(in: context))
        nodes.append(c2._resolve(in: context))
        nodes.append(c3._resolve(in: context))
        nodes.append(c4._resolve(in: context))
        nodes.append(c5._resolve(in: context))
    }

    /// Appends each statement's nodes as a stack's children, in order.
    @inlinable
    public func _appendLists(in context: ResolveContext, to list: inout [ViewNode]) {
        c0._resolveList(in: context, into: &list)
        c1._resolveList(in: context, into: &list)
        c2._resolveList(in: context, into: &list)
        c3._resolveList(in: context, into: &list)
        c4._resolveList(in: context, into: &list)
        c5._resolveList(in: context, into: &list)
    }
}

/// The views of a builder block of 7 statements, in order.
public struct ViewStatements7<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View>: ViewStatementList {
    @usableFromInline let c0: C0
    @usableFromInline let c1: C1
    @usableFromInline let c2: C2
    @usableFromInline let c3: C3
    @usableFromInline let c4: C4
    @usableFromInline let c5: C5
    @usableFromInline let c6: C6

    /// The statements' views, in order.
    @inlinable
    public init(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
        self.c3 = c3
        self.c4 = c4
        self.c5 = c5
        self.c6 = c6
    }

    /// Always 7: the block has 7 statements.
    @inlinable public var count: Int { 7 }

    /// Appends each statement's resolved node, one per statement, in order.
    @inlinable
    public func _appendNodes(in context: ResolveContext, to nodes: inout [ViewNode]) {
        nodes.append(c0._resolve(in: context))
        nodes.append(c1._resolve(in: context))
        nodes.append(c2._resolve(in: context))
        nodes.append(c3._resolve(in: context))
        nodes.append(c4._resolve(in: context))
        nodes.append(c5._resolve(in: context))
        nodes.append(c6._resolve(in: context))
    }

    /// Appends each statement's nodes as a stack's children, in order.
    @inlinable
    public func _appendLists(in context: ResolveContext, to list: inout [ViewNode]) {
        c0._resolveList(in: context, into: &list)
        c1._resolveList(in: context, into: &list)
        c2._resolveList(in: context, into: &list)
        c3._resolveList(in: context, into: &list)
        c4._resolveList(in: context, into: &list)
        c5._resolveList(in: context, into: &list)
        c6._resolveList(in: context, into: &list)
    }
}

/// The views of a builder block of 8 statements, in order.
public struct ViewStatements8<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View>: ViewStatementList {
    @usableFromInline let c0: C0
    @usableFromInline let c1: C1
    @usableFromInline let c2: C2
    @usableFromInline let c3: C3
    @usableFromInline let c4: C4
    @usableFromInline let c5: C5
    @usableFromInline let c6: C6
    @usableFromInline let c7: C7

    /// The statements' views, in order.
    @inlinable
    public init(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
        self.c3 = c3
        self.c4 = c4
        self.c5 = c5
        self.c6 = c6
        self.c7 = c7
    }

    /// Always 8: the block has 8 statements.
    @inlinable public var count: Int { 8 }

    /// Appends each statement's resolved node, one per statement, in order.
    @inlinable
    public func _appendNodes(in context: ResolveContext, to nodes: inout [ViewNode]) {
        nodes.append(c0._resolve(in: context))
        nodes.append(c1._resolve(in: context))
        nodes.append(c2._resolve(in: context))
        nodes.append(c3._resolve(in: context))
        nodes.append(c4._resolve(in: context))
        nodes.append(c5._resolve(in: context))
        nodes.append(c6._resolve(in: context))
        nodes.append(c7._resolve(in: context))
    }

    /// Appends each statement's nodes as a stack's children, in order.
    @inlinable
    public func _appendLists(in context: ResolveContext, to list: inout [ViewNode]) {
        c0._resolveList(in: context, into: &list)
        c1._resolveList(in: context, into: &list)
        c2._resolveList(in: context, into: &list)
        c3._resolveList(in: context, into: &list)
        c4._resolveList(in: context, into: &list)
        c5._resolveList(in: context, into: &list)
        c6._resolveList(in: context, into: &list)
        c7._resolveList(in: context, into: &list)
    }
}

/// The views of a builder block of 9 statements, in order.
public struct ViewStatements9<
    C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View
>: ViewStatementList {
    @usableFromInline let c0: C0
    @usableFromInline let c1: C1
    @usableFromInline let c2: C2
    @usableFromInline let c3: C3
    @usableFromInline let c4: C4
    @usableFromInline let c5: C5
    @usableFromInline let c6: C6
    @usableFromInline let c7: C7
    @usableFromInline let c8: C8

    /// The statements' views, in order.
    @inlinable
    public init(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
        self.c3 = c3
        self.c4 = c4
        self.c5 = c5
        self.c6 = c6
        self.c7 = c7
        self.c8 = c8
    }

    /// Always 9: the block has 9 statements.
    @inlinable public var count: Int { 9 }

    /// Appends each statement's resolved node, one per statement, in order.
    @inlinable
    public func _appendNodes(in context: ResolveContext, to nodes: inout [ViewNode]) {
        nodes.append(c0._resolve(in: context))
        nodes.append(c1._resolve(in: context))
        nodes.append(c2._resolve(in: context))
        nodes.append(c3._resolve(in: context))
        nodes.append(c4._resolve(in: context))
        nodes.append(c5._resolve(in: context))
        nodes.append(c6._resolve(in: context))
        nodes.append(c7._resolve(in: context))
        nodes.append(c8._resolve(in: context))
    }

    /// Appends each statement's nodes as a stack's children, in order.
    @inlinable
    public func _appendLists(in context: ResolveContext, to list: inout [ViewNode]) {
        c0._resolveList(in: context, into: &list)
        c1._resolveList(in: context, into: &list)
        c2._resolveList(in: context, into: &list)
        c3._resolveList(in: context, into: &list)
        c4._resolveList(in: context, into: &list)
        c5._resolveList(in: context, into: &list)
        c6._resolveList(in: context, into: &list)
        c7._resolveList(in: context, into: &list)
        c8._resolveList(in: context, into: &list)
    }
}

/// The views of a builder block of 10 statements, in order.
public struct ViewStatements10<
    C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View, C9: View
>: ViewStatementList {
    @usableFromInline let c0: C0
    @usableFromInline let c1: C1
    @usableFromInline let c2: C2
    @usableFromInline let c3: C3
    @usableFromInline let c4: C4
    @usableFromInline let c5: C5
    @usableFromInline let c6: C6
    @usableFromInline let c7: C7
    @usableFromInline let c8: C8
    @usableFromInline let c9: C9

    /// The statements' views, in order.
    @inlinable
    public init(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8, _ c9: C9) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
        self.c3 = c3
        self.c4 = c4
        self.c5 = c5
        self.c6 = c6
        self.c7 = c7
        self.c8 = c8
        self.c9 = c9
    }

    /// Always 10: the block has 10 statements.
    @inlinable public var count: Int { 10 }

    /// Appends each statement's resolved node, one per statement, in order.
    @inlinable
    public func _appendNodes(in context: ResolveContext, to nodes: inout [ViewNode]) {
        nodes.append(c0._resolve(in: context))
        nodes.append(c1._resolve(in: context))
        nodes.append(c2._resolve(in: context))
        nodes.append(c3._resolve(in: context))
        nodes.append(c4._resolve(in: context))
        nodes.append(c5._resolve(in: context))
        nodes.append(c6._resolve(in: context))
        nodes.append(c7._resolve(in: context))
        nodes.append(c8._resolve(in: context))
        nodes.append(c9._resolve(in: context))
    }

    /// Appends each statement's nodes as a stack's children, in order.
    @inlinable
    public func _appendLists(in context: ResolveContext, to list: inout [ViewNode]) {
        c0._resolveList(in: context, into: &list)
        c1._resolveList(in: context, into: &list)
        c2._resolveList(in: context, into: &list)
        c3._resolveList(in: context, into: &list)
        c4._resolveList(in: context, into: &list)
        c5._resolveList(in: context, into: &list)
        c6._resolveList(in: context, into: &list)
        c7._resolveList(in: context, into: &list)
        c8._resolveList(in: context, into: &list)
        c9._resolveList(in: context, into: &list)
    }
}
