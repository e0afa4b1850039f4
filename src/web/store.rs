//! The practice record in localStorage, and its export and import as a JSON
//! file; beside it, the tries spent on each question. Nothing here loses
//! work, and nothing is lost silently: a record that cannot be read is kept
//! under a backup key (and offered for download) before a fresh one starts;
//! a record from a newer Fleetlab is never overwritten; a save the browser
//! refuses is said (the record saved before stays as it was); an import that
//! cannot be stored is refused whole.

use super::dom::*;
use crate::challenge::progress::{Progress, MAX_BYTES};
use crate::challenge::tries::{self, Ledger, Spent};
use crate::challenge::Question;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

const KEY: &str = "fleetlab.progress";
const BACKUP: &str = "fleetlab.progress.unreadable";
const TRIES: &str = "fleetlab.tries";

/// The learner's record, as the page holds it (the owner keeps one, opened
/// when a question widget first needs it).
pub struct Store {
    progress: Progress,
    /// False when saving would overwrite a record this page cannot read.
    writable: bool,
    /// What happened when the record was read, for the page to show.
    notice: Option<String>,
    /// The tries spent per question when the browser keeps no storage (for
    /// the page's lifetime); otherwise they are read from storage each time,
    /// so another tab's tries count too.
    tries: Ledger,
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
        let Some(ls) = local_storage() else {
            return Store {
                progress: Progress::default(),
                writable: false,
                notice: Some("This browser keeps no local storage here, so practice progress lasts only while the page is open.".into()),
                tries: Ledger::default(),
            };
        };
        let Ok(Some(text)) = ls.get_item(KEY) else {
            return Store {
                progress: Progress::default(),
                writable: true,
                notice: None,
                tries: Ledger::default(),
            };
        };
        match read(&text) {
            Ok((progress, notes)) if notes.is_empty() => Store {
                progress,
                writable: true,
                notice: None,
                tries: Ledger::default(),
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
                    tries: Ledger::default(),
                }
            }
            Err(why) if why.contains("newer Fleetlab") => Store {
                progress: Progress::default(),
                writable: false,
                notice: Some(format!(
                    "Your saved progress could not be read here: {why}. It is left untouched; this page's practice is not saved."
                )),
                tries: Ledger::default(),
            },
            Err(why) => {
                let _ = ls.set_item(BACKUP, &text);
                Store {
                    progress: Progress::default(),
                    writable: true,
                    notice: Some(format!(
                        "Your saved progress could not be read: {why}. It was kept as a backup you can download below, and a fresh record started."
                    )),
                    tries: Ledger::default(),
                }
            }
        }
    }

    /// Saves the record; the error says why the browser refused (the
    /// record saved before is then as it was). A page that may not save (no
    /// storage, a newer record) said so when it opened.
    fn save(&self) -> Result<(), String> {
        let Some(ls) = local_storage().filter(|_| self.writable) else {
            return Ok(());
        };
        ls.set_item(KEY, &write(&self.progress)).map_err(refused)
    }

    /// The current record.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Changes the record and saves it; the error is a sentence for the
    /// learner when the save failed (the change holds while the page is open).
    pub fn update(&mut self, f: impl FnOnce(&mut Progress)) -> Result<(), String> {
        f(&mut self.progress);
        self.save().map_err(|why| {
            format!("Your progress could not be saved: {why}. The record saved before is kept; this answer counts only while the page is open.")
        })
    }

    /// The tries spent on `q`, here or in another tab.
    pub fn spent(&self, q: &Question) -> Spent {
        self.ledger().get(&tries::key(q))
    }

    /// Records the tries spent on `q`; the error as for [`Store::update`].
    pub fn spend(&mut self, q: &Question, spent: Spent) -> Result<(), String> {
        let mut ledger = self.ledger();
        ledger.set(&tries::key(q), spent);
        let saved = match local_storage() {
            Some(ls) => ls.set_item(TRIES, &ledger.write()).map_err(refused),
            None => Ok(()),
        };
        self.tries = ledger;
        saved.map_err(|why| format!("Your tries on this question could not be saved: {why}."))
    }

    fn ledger(&self) -> Ledger {
        match local_storage() {
            Some(ls) => ls
                .get_item(TRIES)
                .ok()
                .flatten()
                .map(|t| Ledger::read(&t))
                .unwrap_or_default(),
            None => self.tries.clone(),
        }
    }

    /// What reading the record found, if anything worth saying.
    pub fn notice(&self) -> Option<String> {
        self.notice.clone()
    }

    /// Merges an imported record (JSON text) into the current one, or
    /// refuses it whole (the record as it was) when it cannot be read or
    /// stored.
    pub fn import(&mut self, text: &str) -> Result<String, String> {
        if text.len() > MAX_BYTES {
            return Err(format!(
                "it is {:.1} MB, and a progress record is at most {} KB",
                text.len() as f64 / 1e6,
                MAX_BYTES / 1024
            ));
        }
        if !self.writable {
            return Err(match local_storage() {
                Some(_) => "your saved progress is from a newer Fleetlab and is left untouched, so nothing can be saved here".into(),
                None => "this browser keeps no local storage here, so it could not be kept".into(),
            });
        }
        let (p, notes) = read(text)?;
        let solved = p.solved();
        let before = self.progress.clone();
        self.progress.merge(&p);
        if let Err(why) = self.save() {
            self.progress = before;
            return Err(format!("it could not be stored ({why})"));
        }
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

/// Why the browser refused to store a value, in words.
fn refused(e: JsValue) -> String {
    let name = e
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.name()))
        .unwrap_or_default();
    if name.contains("Quota") {
        "the browser's storage for this site is full".into()
    } else {
        "the browser refused to store it (its storage may be full or blocked)".into()
    }
}

/// The unreadable original, if one was kept.
pub fn backup() -> Option<String> {
    local_storage().and_then(|ls| ls.get_item(BACKUP).ok().flatten())
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
