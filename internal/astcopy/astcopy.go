// Package astcopy makes altered copies of syntax trees that others share:
// the driver and the analyzers each parse a file once and read it from
// several places.
package astcopy

import "go/ast"

// WithoutBodies returns a copy of f whose function declarations have no
// body. f itself is left as it is.
func WithoutBodies(f *ast.File) *ast.File {
	out := *f
	out.Decls = make([]ast.Decl, len(f.Decls))
	for i, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			bare := *fd
			bare.Body = nil
			d = &bare
		}
		out.Decls[i] = d
	}
	return &out
}
