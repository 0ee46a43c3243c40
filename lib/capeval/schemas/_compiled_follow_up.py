# Generated from follow-up.json by capeval.schemas.build; do not edit.
# source-sha256: 9fd903e3e657372ebe2f29c84984d722b5c93553e420120dfa6a539c8e28993b


def JsonSchemaValueException(*args, **kwargs):
    # fastjsonschema's own exception, imported only when a record fails
    from fastjsonschema import JsonSchemaValueException as exception

    return exception(*args, **kwargs)


VERSION = "2.22.3"
import re


REGEX_PATTERNS_validate = {
    '\\S': re.compile('\\S'),
    '^[0-9]{4}-[0-9]{2}-[0-9]{2}$': re.compile('^[0-9]{4}-[0-9]{2}-[0-9]{2}\\Z'),
    '^sha256:[0-9a-f]{64}$': re.compile('^sha256:[0-9a-f]{64}\\Z'),
    '^x-': re.compile('^x-')
}

NoneType = type(None)

def validate_https___capeval_invalid_schemas_follow_up_v1_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/follow-up-v1.json', 'title': 'Follow-up', 'description': 'What is being done about one finding of a quality case (finding: its code, e.g. needs_revision, blocked, disagreement): who owns it, the action, the status (open, fixed, accepted), the date of the status and a retest note. case_sha256 is the hash of the case the finding was made on; cap-aggregate-scores --follow-ups applies it to the findings log and reports follow_up.stale when the case has changed since. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['case_id', 'finding', 'owner', 'status', 'date'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'finding': {'type': 'string', 'minLength': 1}, 'owner': {'type': 'string', 'pattern': '\\S'}, 'action': {'type': 'string'}, 'status': {'enum': ['open', 'fixed', 'accepted']}, 'date': {'type': 'string', 'pattern': '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'}, 'retest_note': {'type': 'string'}, 'case_sha256': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['case_id', 'finding', 'owner', 'status', 'date']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/follow-up-v1.json', 'title': 'Follow-up', 'description': 'What is being done about one finding of a quality case (finding: its code, e.g. needs_revision, blocked, disagreement): who owns it, the action, the status (open, fixed, accepted), the date of the status and a retest note. case_sha256 is the hash of the case the finding was made on; cap-aggregate-scores --follow-ups applies it to the findings log and reports follow_up.stale when the case has changed since. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['case_id', 'finding', 'owner', 'status', 'date'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'finding': {'type': 'string', 'minLength': 1}, 'owner': {'type': 'string', 'pattern': '\\S'}, 'action': {'type': 'string'}, 'status': {'enum': ['open', 'fixed', 'accepted']}, 'date': {'type': 'string', 'pattern': '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'}, 'retest_note': {'type': 'string'}, 'case_sha256': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='required')
        data_keys = set(data.keys())
        if "case_id" in data_keys:
            data_keys.remove("case_id")
            data__caseid = data["case_id"]
            if not isinstance(data__caseid, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_id must be string", value=data__caseid, name="" + (name_prefix or "data") + ".case_id", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__caseid, str):
                data__caseid_len = len(data__caseid)
                if data__caseid_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_id must be longer than or equal to 1 characters", value=data__caseid, name="" + (name_prefix or "data") + ".case_id", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "finding" in data_keys:
            data_keys.remove("finding")
            data__finding = data["finding"]
            if not isinstance(data__finding, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".finding must be string", value=data__finding, name="" + (name_prefix or "data") + ".finding", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__finding, str):
                data__finding_len = len(data__finding)
                if data__finding_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".finding must be longer than or equal to 1 characters", value=data__finding, name="" + (name_prefix or "data") + ".finding", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "owner" in data_keys:
            data_keys.remove("owner")
            data__owner = data["owner"]
            if not isinstance(data__owner, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".owner must be string", value=data__owner, name="" + (name_prefix or "data") + ".owner", definition={'type': 'string', 'pattern': '\\S'}, rule='type')
            if isinstance(data__owner, str):
                if not REGEX_PATTERNS_validate['\\S'].search(data__owner):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".owner must match pattern \\S", value=data__owner, name="" + (name_prefix or "data") + ".owner", definition={'type': 'string', 'pattern': '\\S'}, rule='pattern')
        if "action" in data_keys:
            data_keys.remove("action")
            data__action = data["action"]
            if not isinstance(data__action, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".action must be string", value=data__action, name="" + (name_prefix or "data") + ".action", definition={'type': 'string'}, rule='type')
        if "status" in data_keys:
            data_keys.remove("status")
            data__status = data["status"]
            if not (isinstance(data__status, str) and data__status == 'open' or isinstance(data__status, str) and data__status == 'fixed' or isinstance(data__status, str) and data__status == 'accepted'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".status must be one of ['open', 'fixed', 'accepted']", value=data__status, name="" + (name_prefix or "data") + ".status", definition={'enum': ['open', 'fixed', 'accepted']}, rule='enum')
        if "date" in data_keys:
            data_keys.remove("date")
            data__date = data["date"]
            if not isinstance(data__date, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".date must be string", value=data__date, name="" + (name_prefix or "data") + ".date", definition={'type': 'string', 'pattern': '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'}, rule='type')
            if isinstance(data__date, str):
                if not REGEX_PATTERNS_validate['^[0-9]{4}-[0-9]{2}-[0-9]{2}$'].search(data__date):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".date must match pattern ^[0-9]{4}-[0-9]{2}-[0-9]{2}$", value=data__date, name="" + (name_prefix or "data") + ".date", definition={'type': 'string', 'pattern': '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'}, rule='pattern')
        if "retest_note" in data_keys:
            data_keys.remove("retest_note")
            data__retestnote = data["retest_note"]
            if not isinstance(data__retestnote, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".retest_note must be string", value=data__retestnote, name="" + (name_prefix or "data") + ".retest_note", definition={'type': 'string'}, rule='type')
        if "case_sha256" in data_keys:
            data_keys.remove("case_sha256")
            data__casesha256 = data["case_sha256"]
            if not isinstance(data__casesha256, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_sha256 must be string", value=data__casesha256, name="" + (name_prefix or "data") + ".case_sha256", definition={'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, rule='type')
            if isinstance(data__casesha256, str):
                if not REGEX_PATTERNS_validate['^sha256:[0-9a-f]{64}$'].search(data__casesha256):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_sha256 must match pattern ^sha256:[0-9a-f]{64}$", value=data__casesha256, name="" + (name_prefix or "data") + ".case_sha256", definition={'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, rule='pattern')
        for data_key, data_val in data.items():
            if data_key.startswith('x-'):
                if data_key in data_keys:
                    data_keys.remove(data_key)
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/follow-up-v1.json', 'title': 'Follow-up', 'description': 'What is being done about one finding of a quality case (finding: its code, e.g. needs_revision, blocked, disagreement): who owns it, the action, the status (open, fixed, accepted), the date of the status and a retest note. case_sha256 is the hash of the case the finding was made on; cap-aggregate-scores --follow-ups applies it to the findings log and reports follow_up.stale when the case has changed since. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['case_id', 'finding', 'owner', 'status', 'date'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'finding': {'type': 'string', 'minLength': 1}, 'owner': {'type': 'string', 'pattern': '\\S'}, 'action': {'type': 'string'}, 'status': {'enum': ['open', 'fixed', 'accepted']}, 'date': {'type': 'string', 'pattern': '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'}, 'retest_note': {'type': 'string'}, 'case_sha256': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='additionalProperties')
    return data

validate = validate_https___capeval_invalid_schemas_follow_up_v1_json
