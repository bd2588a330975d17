package astutil

// Imports for suggested fixes: the name a file can use for a package, and
// the edit that adds an import.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"
)

// ImportName returns the name under which file can refer to the package
// path at pos, and whether its import must be added (under the last
// element of path, its usual package name). It fails when that name is
// taken by something else.
func ImportName(file *ast.File, scope *types.Scope, pos token.Pos, path string) (name string, add, ok bool) {
	base := lastElem(path)
	for _, imp := range file.Imports {
		if v, _ := strconv.Unquote(imp.Path.Value); v == path {
			if imp.Name == nil {
				return base, false, resolvesTo(scope, pos, base, path)
			}
			if imp.Name.Name == "_" || imp.Name.Name == "." {
				break
			}
			return imp.Name.Name, false, resolvesTo(scope, pos, imp.Name.Name, path)
		}
	}
	// Not imported: the name must be free at pos and in the file.
	if scope != nil {
		if _, obj := scope.LookupParent(base, pos); obj != nil {
			return "", false, false
		}
	}
	for _, imp := range file.Imports {
		if imp.Name != nil && imp.Name.Name == base {
			return "", false, false
		}
		if v, _ := strconv.Unquote(imp.Path.Value); imp.Name == nil && lastElem(v) == base {
			return "", false, false // e.g. golang.org/x/exp/maps
		}
	}
	return base, true, true
}

func resolvesTo(scope *types.Scope, pos token.Pos, name, path string) bool {
	if scope == nil {
		return true
	}
	_, obj := scope.LookupParent(name, pos)
	pn, ok := obj.(*types.PkgName)
	return ok && pn.Imported().Path() == path
}

func lastElem(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			return path[i+1:]
		}
	}
	return path
}

// AddImports returns one edit that imports the paths (sorted) into file.
// Every fix in a file makes the same edit, so drivers apply it once.
func AddImports(file *ast.File, paths []string) analysis.TextEdit {
	var b bytes.Buffer
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			for _, path := range paths {
				fmt.Fprintf(&b, "\n\t%q", path)
			}
			return analysis.TextEdit{Pos: gd.Lparen + 1, End: gd.Lparen + 1, NewText: b.Bytes()}
		}
		for _, path := range paths {
			fmt.Fprintf(&b, "\nimport %q", path)
		}
		return analysis.TextEdit{Pos: gd.End(), End: gd.End(), NewText: b.Bytes()}
	}
	b.WriteString("\n")
	for _, path := range paths {
		fmt.Fprintf(&b, "\nimport %q", path)
	}
	return analysis.TextEdit{Pos: file.Name.End(), End: file.Name.End(), NewText: b.Bytes()}
}
