package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// Decode decodes raw settings (as golangci-lint hands them over: maps,
// lists and scalars) into dst, a pointer to a struct whose fields carry
// json tags in kebab-case. It is strict: an unknown key or a value of the
// wrong type is an error that names the key path under prefix, as in
// "reconcilelint.stalekey.owned-prefix: unknown setting (known:
// owned-prefixes)". A nil raw leaves dst as it is.
func Decode(prefix string, raw any, dst any) error {
	if raw == nil {
		return nil
	}
	data, err := json.Marshal(raw)
	if err != nil {
		return fmt.Errorf("%s: %w", prefix, err)
	}
	var generic any
	if err := json.Unmarshal(data, &generic); err != nil {
		return fmt.Errorf("%s: %w", prefix, err)
	}
	if err := checkKeys(prefix, generic, reflect.TypeOf(dst).Elem()); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return fmt.Errorf("%s.%s: expected %s, got %s", prefix, te.Field, describe(te.Type), te.Value)
		}
		return fmt.Errorf("%s: %w", prefix, err)
	}
	return nil
}

// checkKeys reports the first key of v that t does not declare.
func checkKeys(path string, v any, t reflect.Type) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: expected a map of settings", path)
		}
		fields := map[string]reflect.Type{}
		var known []string
		for f := range t.Fields() {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			fields[name] = f.Type
			known = append(known, name)
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			ft, ok := fields[k]
			if !ok {
				if len(known) == 0 {
					return fmt.Errorf("%s.%s: unknown setting (this takes no settings)", path, k)
				}
				slices.Sort(known)
				return fmt.Errorf("%s.%s: unknown setting (known: %s)", path, k, strings.Join(known, ", "))
			}
			if err := checkKeys(path+"."+k, m[k], ft); err != nil {
				return err
			}
		}
	case reflect.Slice:
		list, ok := v.([]any)
		if !ok {
			return fmt.Errorf("%s: expected %s", path, describe(t))
		}
		for i, x := range list {
			if err := checkKeys(fmt.Sprintf("%s[%d]", path, i), x, t.Elem()); err != nil {
				return err
			}
		}
	case reflect.String:
		if _, ok := v.(string); !ok {
			return fmt.Errorf("%s: expected a string", path)
		}
	}
	return nil
}

func describe(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Slice:
		return "a list of " + describe(t.Elem()) + "s"
	case reflect.String:
		return "string"
	case reflect.Struct:
		return "a map of settings"
	}
	return t.String()
}
