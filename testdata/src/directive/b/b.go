package b

func F() {}
