//! `jongg serve|demo|export|import` (issue 5).
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ServeArgs {}
#[derive(clap::Args, Debug)]
pub struct DemoArgs {}
#[derive(clap::Args, Debug)]
pub struct ExportArgs {}
#[derive(clap::Args, Debug)]
pub struct ImportArgs {}

pub fn serve(_a: ServeArgs) -> ExitCode {
    super::not_built("serve")
}
pub fn demo(_a: DemoArgs) -> ExitCode {
    super::not_built("demo")
}
pub fn export(_a: ExportArgs) -> ExitCode {
    super::not_built("export")
}
pub fn import(_a: ImportArgs) -> ExitCode {
    super::not_built("import")
}
