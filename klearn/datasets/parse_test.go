package datasets

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

const goodCSV = `"#levels","colour","red","green"
"#levels","class","a","b"
"x","colour","class"
1.5,"red","b"
-2,"green","a"
`

func TestReadCSV(t *testing.T) {
	t.Parallel()
	ds, err := ReadCSV(strings.NewReader(goodCSV))
	if err != nil {
		t.Fatal(err)
	}
	if ds.X.At(0, 0) != 1.5 || ds.X.At(1, 1) != 1 || ds.Y[0] != 1 || ds.Y[1] != 0 {
		t.Errorf("X = %v, Y = %v", ds.X, ds.Y)
	}
	if strings.Join(ds.Classes, ",") != "a,b" || ds.Levels[0] != nil || strings.Join(ds.Levels[1], ",") != "red,green" {
		t.Errorf("Classes %v Levels %v", ds.Classes, ds.Levels)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(goodCSV))
	zw.Close()
	dz, err := ReadCSV(&buf)
	if err != nil || dz.X.At(1, 0) != -2 {
		t.Errorf("gzip: %v", err)
	}
	reg, err := ReadCSV(strings.NewReader("a,target\n1,2.5\n"))
	if err != nil || reg.Classes != nil || reg.Y[0] != 2.5 {
		t.Errorf("regression: %v", err)
	}
}

func TestReadCSVErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, in string
		want     error
	}{
		{"empty", "", ErrFormat},
		{"header only", "a,target\n", klearn.ErrEmpty},
		{"one column", "target\n1\n", ErrFormat},
		{"bad label name", "a,b\n1,2\n", ErrFormat},
		{"class without levels", "a,class\n1,2\n", ErrFormat},
		{"ragged", "a,target\n1,2\n3\n", ErrFormat},
		{"not a number", "a,target\n1,x\n", ErrFormat},
		{"NaN", "a,target\nNaN,1\n", klearn.ErrNotFinite},
		{"Inf", "a,target\n1,-Inf\n", klearn.ErrNotFinite},
		{"unknown level", "\"#levels\",class,p,q\na,class\n1,r\n", ErrFormat},
		{"repeated level", "\"#levels\",class,p,p\na,class\n1,p\n", ErrFormat},
		{"levels for missing column", "\"#levels\",z,p\na,target\n1,2\n", ErrFormat},
		{"levels twice", "\"#levels\",class,p\n\"#levels\",class,q\na,class\n1,p\n", ErrFormat},
		{"short levels", "\"#levels\",class\na,class\n1,p\n", ErrFormat},
		{"unknown metadata", "#foo,1\na,target\n1,2\n", ErrFormat},
		{"duplicate header", "a,a,target\n1,2,3\n", ErrFormat},
		{"empty header cell", ",target\n1,2\n", ErrFormat},
		{"bad quote", "a,target\n\"1,2\n", ErrFormat},
		{"text label", "\"#text\",target\na,target\n1,x\n", ErrFormat},
		{"text without role", "\"#text\",note\nnote,a,target\nhi,1,2\n", ErrFormat},
		{"no features", "\"#levels\",class,p\nclass\np\n", ErrFormat},
		{"bad gzip", "\x1f\x8b\x00\x00", ErrFormat},
	}
	for _, c := range cases {
		_, err := ReadCSV(strings.NewReader(c.in))
		if !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
}

func idxBytes(typ byte, dims []uint32, payload []byte) []byte {
	var b bytes.Buffer
	b.Write([]byte{0, 0, typ, byte(len(dims))})
	for _, d := range dims {
		binary.Write(&b, binary.BigEndian, d)
	}
	b.Write(payload)
	return b.Bytes()
}

func TestReadIDX(t *testing.T) {
	t.Parallel()
	x, err := ReadIDX(bytes.NewReader(idxBytes(8, []uint32{2, 3}, []byte{1, 2, 3, 4, 5, 6})))
	if err != nil || len(x.Dims) != 2 || x.Dims[1] != 3 || x.Data[5] != 6 {
		t.Fatalf("%v %v", x, err)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(idxBytes(8, []uint32{4}, []byte{9, 8, 7, 6}))
	zw.Close()
	if x, err := ReadIDX(&buf); err != nil || x.Data[0] != 9 {
		t.Errorf("gzip: %v", err)
	}
	cases := []struct {
		name string
		in   []byte
		want error
	}{
		{"short header", []byte{0, 0, 8}, ErrFormat},
		{"bad magic", idxBytes(8, []uint32{1}, []byte{1})[1:], ErrFormat},
		{"float type", idxBytes(0x0d, []uint32{1}, []byte{1, 2, 3, 4}), ErrFormat},
		{"zero dims", []byte{0, 0, 8, 0}, ErrFormat},
		{"five dims", idxBytes(8, []uint32{1, 1, 1, 1, 1}, []byte{1}), ErrFormat},
		{"size zero", idxBytes(8, []uint32{0}, nil), klearn.ErrEmpty},
		{"truncated", idxBytes(8, []uint32{2, 3}, []byte{1, 2}), ErrFormat},
		{"trailing", idxBytes(8, []uint32{2}, []byte{1, 2, 3}), ErrFormat},
		{"huge", idxBytes(8, []uint32{1 << 31, 1 << 31}, []byte{1}), ErrFormat},
		{"missing size", []byte{0, 0, 8, 2, 0, 0, 0, 1}, ErrFormat},
	}
	for _, c := range cases {
		_, err := ReadIDX(bytes.NewReader(c.in))
		if !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
	// Images and labels must agree.
	img, _ := ReadIDX(bytes.NewReader(idxBytes(8, []uint32{2, 1, 1}, []byte{0, 255})))
	lab, _ := ReadIDX(bytes.NewReader(idxBytes(8, []uint32{1}, []byte{3})))
	if _, err := mnistFromIDX(img, lab); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("count mismatch: %v", err)
	}
	lab, _ = ReadIDX(bytes.NewReader(idxBytes(8, []uint32{2}, []byte{3, 10})))
	if _, err := mnistFromIDX(img, lab); !errors.Is(err, klearn.ErrLabels) {
		t.Errorf("label 10: %v", err)
	}
}

// TestCacheDir: $KERNELAB_DATA wins; without it the cache is kernelab
// under the user's cache directory ($XDG_CACHE_HOME on Linux), never a path
// inside the checkout; with neither, MNIST is missing data, not a panic.
func TestCacheDir(t *testing.T) {
	d := t.TempDir()
	t.Setenv("KERNELAB_DATA", d)
	if got := CacheDir(); got != d {
		t.Errorf("CacheDir with KERNELAB_DATA = %q, want %q", got, d)
	}
	t.Setenv("KERNELAB_DATA", "")
	t.Setenv("XDG_CACHE_HOME", d)
	t.Setenv("HOME", d)
	user, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	if got := CacheDir(); got != filepath.Join(user, "kernelab") {
		t.Errorf("CacheDir = %q, want %q", got, filepath.Join(user, "kernelab"))
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	if _, err := os.UserCacheDir(); err == nil {
		t.Skip("this platform knows a cache directory without HOME")
	}
	if got := CacheDir(); got != "" {
		t.Errorf("CacheDir with no HOME = %q, want \"\"", got)
	}
	if _, err := LoadMNIST("train"); !errors.Is(err, klearn.ErrMissingData) || !strings.Contains(err.Error(), "KERNELAB_DATA") {
		t.Errorf("LoadMNIST with no cache directory: %v", err)
	}
}

func TestMissingCache(t *testing.T) {
	t.Setenv("KERNELAB_DATA", t.TempDir())
	for _, name := range []string{"mnist-train", "mnist-test", "gisette-mnist"} {
		_, err := Load(name)
		if !errors.Is(err, klearn.ErrMissingData) || !strings.Contains(err.Error(), "make data") {
			t.Errorf("%s: err = %v, want ErrMissingData mentioning make data", name, err)
		}
	}
}

// FuzzReadCSV: any input either parses into a consistent Dataset or gives an
// error; never a panic. Seeds: the format's features and its failure modes.
func FuzzReadCSV(f *testing.F) {
	f.Add([]byte(goodCSV))
	f.Add([]byte("a,target\n1,2.5\n"))
	f.Add([]byte("\"#text\",review\n\"#levels\",class,p,q\nreview,x,class\n\"a \"\"b\"\"\",1,q\n"))
	f.Add([]byte("\"#levels\",class,p\na,class\n1,r\n"))
	f.Add([]byte("a,target\n1\n"))
	f.Add([]byte("\x1f\x8b"))
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(goodCSV))
	zw.Close()
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, in []byte) {
		ds, err := ReadCSV(bytes.NewReader(in))
		if err != nil {
			if !errors.Is(err, ErrFormat) && !errors.Is(err, klearn.ErrNotFinite) && !errors.Is(err, klearn.ErrEmpty) {
				t.Fatalf("error wraps no documented sentinel: %v", err)
			}
			return
		}
		n := len(ds.Y)
		if n == 0 {
			t.Fatal("no rows without an error")
		}
		if ds.X != nil {
			if r, _ := ds.X.Dims(); r != n {
				t.Fatalf("X has %d rows, Y %d", r, n)
			}
		}
		for _, y := range ds.Y {
			if ds.Classes != nil && (y < 0 || int(y) >= len(ds.Classes)) {
				t.Fatalf("label %v outside %d classes", y, len(ds.Classes))
			}
		}
	})
}

// FuzzReadIDX: any input either parses with len(Data) = ∏ Dims or errors.
func FuzzReadIDX(f *testing.F) {
	f.Add(idxBytes(8, []uint32{2, 3}, []byte{1, 2, 3, 4, 5, 6}))
	f.Add(idxBytes(8, []uint32{3}, []byte{0, 1, 9}))
	f.Add(idxBytes(8, []uint32{1 << 20, 1 << 20}, []byte{1}))
	f.Add([]byte{0, 0, 8, 3, 0, 0, 0, 1})
	f.Add([]byte{0x1f, 0x8b, 8, 0})
	f.Fuzz(func(t *testing.T, in []byte) {
		x, err := ReadIDX(bytes.NewReader(in))
		if err != nil {
			if !errors.Is(err, ErrFormat) && !errors.Is(err, klearn.ErrEmpty) {
				t.Fatalf("error wraps no documented sentinel: %v", err)
			}
			return
		}
		total := 1
		for _, d := range x.Dims {
			total *= d
		}
		if total != len(x.Data) {
			t.Fatalf("dims %v but %d bytes", x.Dims, len(x.Data))
		}
	})
}

// TestCacheDirMatchesMakeData: scripts/data/mnist.sh (what `make data`
// runs) writes to the directory CacheDir reads, with and without
// KERNELAB_DATA and XDG_CACHE_HOME.
func TestCacheDirMatchesMakeData(t *testing.T) {
	script := filepath.Join("..", "..", "scripts", "data", "mnist.sh")
	if _, err := os.Stat(script); err != nil {
		t.Skipf("no %s: %v", script, err)
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	d := t.TempDir()
	for _, env := range [][2]string{{d, ""}, {"", filepath.Join(d, "xdg")}, {"", ""}} {
		t.Setenv("KERNELAB_DATA", env[0])
		t.Setenv("XDG_CACHE_HOME", env[1])
		out, err := exec.Command(bash, script, "--print-dir").Output()
		if err != nil {
			t.Fatalf("%s --print-dir: %v", script, err)
		}
		if got, want := strings.TrimSpace(string(out)), CacheDir(); got != want {
			t.Errorf("KERNELAB_DATA=%q XDG_CACHE_HOME=%q: mnist.sh writes to %q, CacheDir reads %q", env[0], env[1], got, want)
		}
	}
}
