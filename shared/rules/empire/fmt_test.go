package empire

import (
	"fmt"

	"empires/shared/grid"
)

func fmtSscanf(s string, p *grid.Pos) (int, error) { return fmt.Sscanf(s, "%d,%d", &p.X, &p.Y) }
