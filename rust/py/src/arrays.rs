//! numpy arrays from Rust data, for the learning interface. numpy is imported
//! only when an array is asked for, so the base install does not need it.

use pyo3::prelude::*;

use crate::errors::OptionsError;

/// A number type numpy reads from little-endian bytes.
pub trait Element: Copy {
    const DTYPE: &'static str;
    fn put(self, out: &mut Vec<u8>);
}

macro_rules! element {
    ($t:ty, $dtype:literal) => {
        impl Element for $t {
            const DTYPE: &'static str = $dtype;
            fn put(self, out: &mut Vec<u8>) {
                out.extend(self.to_le_bytes());
            }
        }
    };
}

element!(f32, "<f4");
element!(i64, "<i8");
element!(i32, "<i4");
element!(i16, "<i2");
element!(i8, "i1");

impl Element for bool {
    const DTYPE: &'static str = "bool";
    fn put(self, out: &mut Vec<u8>) {
        out.push(u8::from(self));
    }
}

/// A one-dimensional numpy array holding a copy of `data`; OptionsError
/// naming the extra to install when numpy is missing.
pub fn array<'py, T: Element>(py: Python<'py>, data: &[T]) -> PyResult<Bound<'py, PyAny>> {
    let numpy =
        py.import("numpy").map_err(|_| OptionsError::new_err("arrays need numpy: pip install 'pavilion[rl]'"))?;
    let mut bytes = Vec::with_capacity(std::mem::size_of_val(data));
    for &x in data {
        x.put(&mut bytes);
    }
    numpy.call_method1("frombuffer", (pyo3::types::PyBytes::new(py, &bytes), T::DTYPE))?.call_method0("copy")
}

/// A numpy array of `cols` columns holding a copy of `data` (row after row);
/// with no data, 0 rows of `cols` columns.
pub fn matrix<'py, T: Element>(py: Python<'py>, data: &[T], cols: usize) -> PyResult<Bound<'py, PyAny>> {
    array(py, data)?.call_method1("reshape", ((data.len() / cols.max(1), cols),))
}
