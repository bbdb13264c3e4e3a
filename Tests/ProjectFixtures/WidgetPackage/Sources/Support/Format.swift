public func formatted(_ value: Int) -> String { "\(value)" }
