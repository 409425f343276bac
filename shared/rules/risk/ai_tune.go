package risk

import (
	"os"
	"strconv"
	"strings"
)

// tune (scratch) holds knobs read from the environment.
var tune = func() map[string]float64 {
	out := map[string]float64{}
	for _, kv := range os.Environ() {
		k, s, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "K_") {
			f, _ := strconv.ParseFloat(s, 64)
			out[k[2:]] = f
		}
	}
	return out
}()

func knob(k string, def float64) float64 {
	if f, ok := tune[k]; ok {
		return f
	}
	return def
}
