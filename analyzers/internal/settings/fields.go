package settings

import (
	"flag"
	"fmt"
	"slices"
)

// Fields is the form of the settings that adjust an analyzer's table of
// fields: extra-fields adds fields to it, ignore-fields leaves fields of
// it out. admissionclobber and defaultdrift take their settings in it.
type Fields struct {
	// ExtraFields adds fields to the table ("extra-fields").
	ExtraFields []string `json:"extra-fields"`
	// IgnoreFields leaves fields of the table out ("ignore-fields").
	IgnoreFields []string `json:"ignore-fields"`
}

// FieldTable is the table an analyzer's Fields adjust.
type FieldTable struct {
	// Analyzer names the analyzer; error keys start with it.
	Analyzer string
	// Form says how a field is spelled, as errors print it
	// ("PodSpec.Name or Container.Name").
	Form string
	// Spelled reports whether a field is spelled as Form says.
	Spelled func(field string) bool
	// Entry says what the table holds, for an ignored field that is
	// neither in it nor an extra field ("a default field").
	Entry string
	// Holds reports whether the table holds a field.
	Holds func(field string) bool
}

// Validate reports the first bad setting of f, naming its key:
// "admissionclobber.ignore-fields[1]: ...".
func (t FieldTable) Validate(f Fields) error {
	if err := t.check(t.Analyzer+".extra-fields", f.ExtraFields); err != nil {
		return err
	}
	if err := t.check(t.Analyzer+".ignore-fields", f.IgnoreFields); err != nil {
		return err
	}
	for i, k := range f.IgnoreFields {
		if !t.Holds(k) && !slices.Contains(f.ExtraFields, k) {
			return fmt.Errorf("%s.ignore-fields[%d]: %q is neither %s nor in extra-fields", t.Analyzer, i, k, t.Entry)
		}
	}
	return nil
}

func (t FieldTable) check(key string, list []string) error {
	for i, k := range list {
		if !t.Spelled(k) {
			return fmt.Errorf("%s[%d]: %q is not a field of the form %s", key, i, k, t.Form)
		}
	}
	return nil
}

// Flags declares -extra-fields and -ignore-fields on fs, storing into f
// and checking each field's spelling as the flag is set.
func (t FieldTable) Flags(fs *flag.FlagSet, f *Fields, extraUsage, ignoreUsage string) {
	fs.Var(NewList(t.Analyzer+".extra-fields", &f.ExtraFields, t.check), "extra-fields", extraUsage)
	fs.Var(NewList(t.Analyzer+".ignore-fields", &f.IgnoreFields, t.check), "ignore-fields", ignoreUsage)
}
