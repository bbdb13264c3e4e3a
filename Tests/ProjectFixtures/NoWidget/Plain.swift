struct Plain {}
