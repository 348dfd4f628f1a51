package driver

import (
	"bytes"
	"context"
	"sync"
	"testing"
	"time"
)

// TestFileSizeLimit checks that a source of MaxFileSize bytes is analysed and one byte more gets
// a single AL901 finding naming the limit, and nothing else.
func TestFileSizeLimit(t *testing.T) {
	rn := mustRunner(t, testRules...)
	line := []byte("x = 1  # padding padding padding padding padding padding padding\n")
	src := bytes.Repeat(line, MaxFileSize/len(line))
	src = append(src, bytes.Repeat([]byte("#"), MaxFileSize-len(src))...)
	fs, err := rn.Check(context.Background(), "big.py", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		if f.Code == "AL901" {
			t.Errorf("a file of exactly MaxFileSize bytes: %s", f.Message)
		}
	}
	fs, err = rn.Check(context.Background(), "big.py", append(src, '\n'), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "file not checked: 8.5 MiB is over the 8.5 MiB size limit (1 GiB of memory per file)"
	if len(fs) != 1 || fs[0].Code != "AL901" || fs[0].Line != 1 || fs[0].Message != want {
		t.Errorf("a file of MaxFileSize+1 bytes: %q, want one AL901 %q", summary(fs), want)
	}
	if err := SizeError(60_000_000); err == nil || err.Error() != "57.2 MiB is over the 8.5 MiB size limit (1 GiB of memory per file)" {
		t.Errorf("SizeError(60 MB) = %v", err)
	}
}

// TestMemoryGate: files whose estimated memory does not fit beside each other in
// FileMemoryBudget are checked one at a time, small ones together, in the order they asked; an
// 8.4 MB file (the four files of `x=1` lines) is estimated over the budget, and so runs
// alone.
func TestMemoryGate(t *testing.T) {
	if n := fileMemory(8_400_000); n <= FileMemoryBudget {
		t.Errorf("an 8.4 MB file is estimated at %d bytes, within the budget: four could run at once", n)
	}
	for _, tc := range []struct {
		each    int64
		wantMax int
	}{
		{FileMemoryBudget/2 + 1, 1}, // two do not fit together
		{2 * FileMemoryBudget, 1},   // over the budget alone: still admitted, alone
		{FileMemoryBudget / 4, 4},   // four fit
		{FileMemoryBudget / 3, 3},   // three fit, the fourth waits
		{0, 8},                      // unreadable files cost nothing
	} {
		var g memoryGate
		var mu sync.Mutex
		running, most := 0, 0
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range 8 {
			wg.Go(func() {
				<-start
				g.acquire(tc.each)
				mu.Lock()
				running++
				most = max(most, running)
				mu.Unlock()
				time.Sleep(5 * time.Millisecond) // let the others try to start meanwhile
				mu.Lock()
				running--
				mu.Unlock()
				g.release(tc.each)
			})
		}
		close(start)
		wg.Wait()
		if most > tc.wantMax || tc.wantMax == 1 && most != 1 {
			t.Errorf("estimates of %d bytes: %d ran at once, want at most %d", tc.each, most, tc.wantMax)
		}
		if g.used != 0 || g.running != 0 {
			t.Errorf("estimates of %d bytes: the gate ends holding %d bytes for %d files", tc.each, g.used, g.running)
		}
	}
}

// TestMemoryGateOrder: a large file that waits is not overtaken by small files asking after
// it (it would otherwise wait for as long as small files keep coming).
func TestMemoryGateOrder(t *testing.T) {
	var g memoryGate
	g.acquire(FileMemoryBudget / 2) // a file running
	started := make(chan string, 2)
	go func() {
		g.acquire(FileMemoryBudget) // waits for the running one
		started <- "large"
		g.release(FileMemoryBudget)
	}()
	for g.waiting() == 0 {
		time.Sleep(time.Millisecond)
	}
	go func() {
		g.acquire(1) // would fit beside the running one, but asked later
		started <- "small"
		g.release(1)
	}()
	for g.waiting() < 2 {
		time.Sleep(time.Millisecond)
	}
	g.release(FileMemoryBudget / 2)
	if first := <-started; first != "large" {
		t.Errorf("%s started first, want the file that asked first", first)
	}
	<-started
}

// waiting returns how many acquire calls are waiting.
func (g *memoryGate) waiting() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return int(g.last - g.next)
}
