package modelsel_test

import (
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/modelsel"
)

func TestNilCallbacks(t *testing.T) {
	t.Parallel()
	splits := []modelsel.Split{{Train: []int{0, 1}, Test: []int{2}}}
	klearntest.Battery(t, []klearntest.Case{
		klearntest.Bad("GridSearch nil eval", func() error {
			_, err := modelsel.GridSearch([]int{1}, splits, nil, modelsel.SearchOptions{})
			return err
		}, klearn.ErrParam),
		klearntest.Bad("NestedCV nil inner", func() error {
			_, err := modelsel.NestedCV(splits, nil, []int{1}, func(int, modelsel.Split) (float64, error) { return 0, nil }, modelsel.SearchOptions{})
			return err
		}, klearn.ErrParam),
	})
}
