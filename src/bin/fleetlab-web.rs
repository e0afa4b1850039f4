//! The browser entry Trunk builds: it hands over to the web edge at once.

fn main() {
    #[cfg(target_arch = "wasm32")]
    fleetlab::web::start();
}
