// Package model declares plain structs; it is an API package only when the
// api-packages setting names it.
package model

type Options struct {
	Args []string
}
