//! The practice record in localStorage, and its export and import as a JSON
//! file. Nothing here loses work: a record that cannot be read is kept under a
//! backup key (and offered for download) before a fresh one starts; a record
//! from a newer Fleetlab is never overwritten.

use super::dom::*;
use crate::challenge::progress::Progress;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

const KEY: &str = "fleetlab.progress";
const BACKUP: &str = "fleetlab.progress.unreadable";

/// The learner's record, as the page holds it (the owner keeps one, opened
/// when a question widget first needs it).
pub struct Store {
    progress: Progress,
    /// False when saving would overwrite a record this page cannot read.
    writable: bool,
    /// What happened when the record was read, for the page to show.
    notice: Option<String>,
}

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// Reads a record from JSON text: parsed, then repaired; the error says why
/// it could not be read.
pub fn read(text: &str) -> Result<(Progress, Vec<String>), String> {
    let value = js_sys::JSON::parse(text).map_err(|_| "it is not valid JSON".to_string())?;
    if !value.is_object() || js_sys::Array::is_array(&value) {
        return Err("it is not a progress record".into());
    }
    let p: Progress = serde_wasm_bindgen::from_value(value)
        .map_err(|e| format!("it does not match the record format ({e})"))?;
    p.repaired()
}

pub fn write(p: &Progress) -> String {
    // Plain objects, not ES Maps: JSON.stringify drops a Map's entries.
    use serde::Serialize;
    p.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .ok()
        .and_then(|v| {
            js_sys::JSON::stringify_with_replacer_and_space(
                &v,
                &JsValue::NULL,
                &JsValue::from_f64(1.0),
            )
            .ok()
        })
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| "{}".into())
}

impl Store {
    /// Reads the saved record (see the file's header for what is kept).
    pub fn open() -> Store {
        let Some(ls) = storage() else {
            return Store {
                progress: Progress::default(),
                writable: false,
                notice: Some("This browser keeps no local storage here, so practice progress lasts only while the page is open.".into()),
            };
        };
        let Ok(Some(text)) = ls.get_item(KEY) else {
            return Store {
                progress: Progress::default(),
                writable: true,
                notice: None,
            };
        };
        match read(&text) {
            Ok((progress, notes)) if notes.is_empty() => Store {
                progress,
                writable: true,
                notice: None,
            },
            Ok((progress, notes)) => {
                let _ = ls.set_item(BACKUP, &text);
                Store {
                    progress,
                    writable: true,
                    notice: Some(format!(
                        "Your saved progress was recovered: {}. The original is kept as a backup you can download below.",
                        notes.join("; ")
                    )),
                }
            }
            Err(why) if why.contains("newer Fleetlab") => Store {
                progress: Progress::default(),
                writable: false,
                notice: Some(format!(
                    "Your saved progress could not be read here: {why}. It is left untouched; this page's practice is not saved."
                )),
            },
            Err(why) => {
                let _ = ls.set_item(BACKUP, &text);
                Store {
                    progress: Progress::default(),
                    writable: true,
                    notice: Some(format!(
                        "Your saved progress could not be read: {why}. It was kept as a backup you can download below, and a fresh record started."
                    )),
                }
            }
        }
    }

    fn save(&self) {
        if self.writable {
            if let Some(ls) = storage() {
                let _ = ls.set_item(KEY, &write(&self.progress));
            }
        }
    }

    /// The current record.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Changes the record and saves it.
    pub fn update(&mut self, f: impl FnOnce(&mut Progress)) {
        f(&mut self.progress);
        self.save();
    }

    /// What reading the record found, if anything worth saying.
    pub fn notice(&self) -> Option<String> {
        self.notice.clone()
    }

    /// Merges an imported record (JSON text) into the current one.
    pub fn import(&mut self, text: &str) -> Result<String, String> {
        let (p, notes) = read(text)?;
        let solved = p.solved();
        self.update(|mine| mine.merge(&p));
        let mut msg = format!(
            "Imported {solved} solved questions from {} templates.",
            p.entries.len()
        );
        if !notes.is_empty() {
            msg += &format!(" ({})", notes.join("; "));
        }
        Ok(msg)
    }
}

/// The unreadable original, if one was kept.
pub fn backup() -> Option<String> {
    storage().and_then(|ls| ls.get_item(BACKUP).ok().flatten())
}

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("application/json");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    let a = el("a", "");
    attr(&a, "href", &url);
    attr(&a, "download", name);
    if let Some(body) = document().body() {
        let _ = body.append_child(&a);
        a.unchecked_ref::<web_sys::HtmlElement>().click();
        a.remove();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}
