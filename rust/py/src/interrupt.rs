//! Long work (search, matches, perft, benchmarks) runs on a worker thread
//! without the GIL while the calling thread watches for signals, so Ctrl-C
//! raises `KeyboardInterrupt` within a few hundredths of a second: the worker
//! is told to stop through the engine's `stop` flag and is joined first.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use pyo3::prelude::*;

/// How often the caller looks for a pending signal.
const POLL: Duration = Duration::from_millis(50);

/// Runs `work(stop)` without the GIL; a signal handler that raises (Ctrl-C)
/// sets `stop`, waits for the work to return and re-raises.
pub fn run<T: Send>(py: Python<'_>, work: impl FnOnce(&AtomicBool) -> T + Send) -> PyResult<T> {
    run_watching(py, None, work)
}

/// As `run`, and the work is also told to stop once `watch.is_set()` is true:
/// a `threading.Event` another thread sets (the web board's stop button), as a
/// signal can only reach the main thread.
pub fn run_watching<T: Send>(
    py: Python<'_>,
    watch: Option<Py<PyAny>>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    // Set by the worker when its work is done, just before it wakes the caller:
    // `is_finished` would still be false then, and the caller would sleep a whole POLL.
    let done = AtomicBool::new(false);
    let mut raised: Option<PyErr> = None;
    let out = py.detach(|| {
        std::thread::scope(|s| {
            let caller = std::thread::current();
            let (stop, done) = (&stop, &done);
            let worker = s.spawn(move || {
                let out = work(stop);
                done.store(true, Ordering::Release);
                caller.unpark();
                out
            });
            while !done.load(Ordering::Acquire) {
                std::thread::park_timeout(POLL);
                if raised.is_none() {
                    let checked = Python::attach(|py| {
                        py.check_signals()?;
                        match &watch {
                            Some(w) => w.bind(py).call_method0("is_set")?.is_truthy(),
                            None => Ok(false),
                        }
                    });
                    match checked {
                        Ok(false) => {}
                        Ok(true) => stop.store(true, Ordering::Relaxed),
                        Err(e) => {
                            stop.store(true, Ordering::Relaxed);
                            raised = Some(e);
                        }
                    }
                }
            }
            worker.join()
        })
    });
    let out = out.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    match raised {
        Some(e) => Err(e),
        None => Ok(out),
    }
}
