package astutil

import (
	"go/ast"
	"go/token"
	"slices"
)

// DeclIndex finds the function declaration that holds a position: the
// engines that place info.Uses in their functions (one pass over the map
// costs less than walking every body) share it.
type DeclIndex struct {
	Decls []*ast.FuncDecl // by position
	ends  []token.Pos
}

// NewDeclIndex indexes decls (not modified).
func NewDeclIndex(decls []*ast.FuncDecl) *DeclIndex {
	x := &DeclIndex{Decls: slices.Clone(decls)}
	slices.SortFunc(x.Decls, func(a, b *ast.FuncDecl) int { return int(a.Pos() - b.Pos()) })
	x.ends = make([]token.Pos, len(x.Decls))
	for i, fd := range x.Decls {
		x.ends[i] = fd.End()
	}
	return x
}

// At returns the index in Decls of the declaration holding pos, or -1.
func (x *DeclIndex) At(pos token.Pos) int {
	lo, hi := 0, len(x.ends) // the first declaration ending after pos
	for lo < hi {
		if mid := int(uint(lo+hi) >> 1); x.ends[mid] <= pos {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == len(x.Decls) || x.Decls[lo].Pos() > pos {
		return -1
	}
	return lo
}
